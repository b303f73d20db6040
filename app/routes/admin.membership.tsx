/** `/admin/memberships/:membershipId`: one membership, its consent at sign-up and its timeline. */
import { data, Link } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { Card, Fact } from "~/components/admin/Card";
import {
  CancelMembershipLink,
  MembershipStatusBadge,
  NextBilling,
} from "~/components/admin/MembershipParts";
import { ShopTime } from "~/components/admin/shop-time";
import { isSubscriptionItemId, membershipHref } from "~core/admin/memberships";
import { formatMonthlyPrice } from "~core/money";
import { membershipRecordForStaff } from "~server/admin/memberships.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.membership";

function notFound(membershipId: string): never {
  throw data(`There is no membership ${membershipId.slice(0, 104)}`, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isSubscriptionItemId(params.membershipId)) notFound(params.membershipId);
  const record = await membershipRecordForStaff(shop(context).db, params.membershipId);
  if (!record) notFound(params.membershipId);
  return data(record, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MembershipPage({ loaderData }: Route.ComponentProps) {
  const { membership, consent, cancelAt, cancelReason, timeline } = loaderData;
  return (
    <div className="space-y-5">
      <Link to="/admin/memberships" className="text-sm font-semibold underline underline-offset-4">
        All memberships
      </Link>
      <h1 className="text-3xl">
        {membership.plan} of {membership.holder.name || membership.holder.email}
      </h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Membership">
          <dl className="space-y-2">
            <Fact label="Status">
              <MembershipStatusBadge status={membership.status} />
            </Fact>
            <Fact label="Price a month">
              {formatMonthlyPrice(membership.unitPriceCents, membership.quantity)} (
              {membership.quantity} × {membership.plan})
            </Fact>
            <Fact label="Next billing date">
              <NextBilling membership={membership} />
            </Fact>
            {cancelAt && membership.status !== "canceled" ? (
              <Fact label="Ends on">
                <ShopTime at={cancelAt} />
              </Fact>
            ) : null}
            {cancelAt ? (
              <Fact label="Reason for cancelling">{cancelReason ?? "None given"}</Fact>
            ) : null}
            <Fact label="E-mail">{membership.holder.email}</Fact>
          </dl>
          <CancelMembershipLink
            membership={membership}
            holder={membership.holder.email}
            back={membershipHref(membership.subscriptionItemId)}
          />
        </Card>
        <Card title="Consent at sign-up">
          {consent ? (
            <dl className="space-y-2">
              <Fact label="Terms">Version {consent.termsVersion}</Fact>
              <Fact label="Agreed on">
                <ShopTime at={consent.at} />
              </Fact>
              <Fact label="By">{consent.email ?? "Unknown address"}</Fact>
            </dl>
          ) : (
            <p>Not recorded: this membership began before consent was recorded.</p>
          )}
        </Card>
      </div>
      <Card title="Timeline">
        {timeline.length === 0 ? (
          <p>No changes since the membership began.</p>
        ) : (
          <ol className="space-y-3">
            {timeline.map((entry) => (
              <li key={entry.id} className="border-l-2 border-olive-300 pl-3">
                <p className="font-semibold">{entry.summary}</p>
                <p className="text-ink/75">
                  <ShopTime at={entry.at} />, by {entry.actor}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Membership"
      failure="The membership could not be loaded. Please try again in a moment."
    />
  );
}
