import { Form, Link, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import type { Route } from "~/routes/+types/admin.membership-cancel";
import { isCancellable } from "~core/admin/memberships";
import { formatMonthlyPrice } from "~core/money";
import type { ServerError } from "~core/result";
import { Card, Fact } from "./Card";
import { MembershipStatusBadge, NextBilling } from "./MembershipParts";

/**
 * The confirmation step of cancelling a membership on its holder's behalf: what is cancelled,
 * for whom, and what follows. A page of its own, so that it asks before cancelling without
 * JavaScript too.
 */
export function MembershipCancellation({
  membership,
  back,
  error,
}: {
  membership: Route.ComponentProps["loaderData"]["membership"];
  back: string;
  error: ServerError | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const { holder } = membership;
  return (
    <div className="max-w-2xl space-y-5">
      <Link to={back} className="text-sm font-semibold text-olive-900 underline underline-offset-4">
        Back
      </Link>
      <h1 className="text-3xl sm:text-4xl">Cancel membership</h1>
      <ServerErrorAlert error={error} />
      <Card title={membership.plan}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact label="Customer">
            {holder.name || holder.email}
            <br />
            {holder.email}
            {holder.hasAccount ? null : " (guest)"}
          </Fact>
          <Fact label="Status">
            <MembershipStatusBadge status={membership.status} />
          </Fact>
          <Fact label="Quantity">{membership.quantity}</Fact>
          <Fact label="Price a month">
            {formatMonthlyPrice(membership.unitPriceCents, membership.quantity)}
          </Fact>
          <Fact label="Next billing date">
            <NextBilling membership={membership} />
          </Fact>
        </dl>
      </Card>
      {isCancellable(membership.status) ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="back" value={back} />
          <p className="font-semibold text-olive-950">
            Cancel this membership on the customer's behalf? Billing stops, no more bottles are
            sent, and {holder.email} is told by e-mail.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" disabled={busy} className="btn-primary">
              {busy ? "Cancelling…" : "Yes, cancel membership"}
            </button>
            <Link to={back} className="btn-outline text-olive-900">
              Keep membership
            </Link>
          </div>
        </Form>
      ) : (
        <p className="rounded-lg bg-olive-100 px-4 py-3 font-semibold text-olive-950">
          This membership is already cancelled.
        </p>
      )}
    </div>
  );
}
