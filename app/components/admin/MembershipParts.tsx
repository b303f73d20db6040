import { Link } from "react-router";
import {
  cancellationPath,
  isCancellable,
  type MembershipStatus,
  type MembershipView,
  membershipStatusLabels,
} from "~core/admin/memberships";
import { StatusBadge } from "./ListParts";
import { ShopTime } from "./shop-time";

/** The next billing date; an ended membership is billed no more. */
export function NextBilling({ membership }: { membership: MembershipView }) {
  if (!isCancellable(membership.status)) {
    return membership.canceledAt ? (
      <>
        None: cancelled on <ShopTime at={membership.canceledAt} />
      </>
    ) : (
      "None"
    );
  }
  return <ShopTime at={membership.nextInvoiceAt} />;
}

export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  return <StatusBadge>{membershipStatusLabels[status]}</StatusBadge>;
}

/** The way to the cancellation page, for a membership still billed; `back`: this page. */
export function CancelMembershipLink({
  membership,
  holder,
  back,
}: {
  membership: MembershipView;
  /** Whose membership, for screen readers: 'ada@example.com'. */
  holder: string;
  back: string;
}) {
  if (!isCancellable(membership.status)) return null;
  return (
    <Link
      to={cancellationPath(membership.subscriptionItemId, back)}
      aria-label={`Cancel membership ${membership.plan} of ${holder}`}
      className="btn-outline text-sm whitespace-nowrap text-olive-900"
    >
      Cancel membership
    </Link>
  );
}
