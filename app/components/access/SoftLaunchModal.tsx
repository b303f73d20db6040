import { Link } from "react-router";
import { formatDiscountAmount } from "~core/money";
import type { Promotion } from "~core/pricing";
import { track } from "../analytics/track";
import { ModalDialog } from "../overlays/ModalDialog";

/** The seasonal offer of the home page; its button applies the soft-launch promotion. */
export function SoftLaunchModal({ promotion }: { promotion: Promotion }) {
  const amount = formatDiscountAmount(promotion);
  return (
    <ModalDialog labelledBy="soft-launch-title" describedBy="soft-launch-offer">
      <img
        src="/images/scenes/table.svg"
        alt=""
        width={1200}
        height={800}
        className="h-40 w-full object-cover sm:h-48"
      />
      <div className="space-y-4 p-6 text-center sm:p-8">
        <h2 id="soft-launch-title" className="text-4xl">
          Happy Mother's Day!
        </h2>
        <p id="soft-launch-offer" className="font-serif text-2xl text-gold-700">
          {amount} Off On All Orders
        </p>
        <Link
          to={`/?promoCode=${encodeURIComponent(promotion.code)}#bottles`}
          onClick={() => track({ name: "soft_launch_accept", label: promotion.code })}
          className="btn-gold w-full"
        >
          Shop with {amount} off
        </Link>
      </div>
    </ModalDialog>
  );
}
