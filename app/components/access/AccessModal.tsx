import { Link } from "react-router";
import type { AccessKind } from "~core/storefront";
import { ModalDialog } from "../overlays/ModalDialog";
import { AccessCodeForm } from "./AccessCodeForm";

const copy: Record<
  AccessKind,
  { title: string; body: string; contact: string; image: string; eyebrow: string }
> = {
  beta: {
    eyebrow: "Friends and family",
    title: "We are available privately",
    body: "Our shop is open to holders of an early-access code while we get ready for everyone.",
    contact: "To ask for early access, write to us at",
    image: "/images/scenes/hero-grove.svg",
  },
  restaurant: {
    eyebrow: "For restaurants",
    title: "Available for select restaurants",
    body: "Enter your restaurant's access code to see our 750 ml bottles and restaurant prices.",
    contact: "To become a partner, write to us at",
    image: "/images/scenes/restaurant-hero.svg",
  },
};

/** The beta and restaurant modals: an access-code form and a contact e-mail, no close button. */
export function AccessModal({ kind, supportEmail }: { kind: AccessKind; supportEmail: string }) {
  const text = copy[kind];
  const titleId = `access-${kind}-title`;
  return (
    <ModalDialog labelledBy={titleId} describedBy={`access-${kind}-body`}>
      <img
        src={text.image}
        alt=""
        width={1600}
        height={900}
        className="h-32 w-full object-cover sm:h-40"
      />
      <div className="space-y-5 p-6 sm:p-8">
        <div className="space-y-2">
          <p className="eyebrow">{text.eyebrow}</p>
          <h2 id={titleId} className="text-3xl">
            {text.title}
          </h2>
          <p id={`access-${kind}-body`} className="text-olive-900">
            {text.body}
          </p>
        </div>
        <AccessCodeForm kind={kind} />
        <p className="text-sm text-olive-900">
          {text.contact}{" "}
          <a href={`mailto:${supportEmail}`} className="font-semibold underline underline-offset-4">
            {supportEmail}
          </a>
          .
        </p>
        {kind === "restaurant" ? (
          <p className="text-sm">
            <Link
              to="/"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            >
              Shop for your home instead
            </Link>
          </p>
        ) : null}
      </div>
    </ModalDialog>
  );
}
