import { track } from "~/components/analytics/track";
import { accountTabHref } from "~core/account-urls";
import { formatBillingDate } from "~core/dates";
import { accountIntents, intentField } from "~core/form-intent";
import type { CancellationStep } from "~core/membership-forms";
import { formatMonthlyPrice } from "~core/money";
import { type AccountActionResult, useAccountAction } from "./action-result";
import { ConfirmableAction } from "./ConfirmableAction";
import { EmptyState } from "./EmptyState";
import { ItemCard } from "./ItemCard";
import { MembershipConsent, MembershipControls, MembershipState } from "./MembershipControls";
import { LoadedTab, type LoadedValue, type TabContent } from "./TabData";

type SentMemberships = TabContent<"memberships">["memberships"];
/** The spec's Membership, as the tab shows it. */
type TabMembership = LoadedValue<SentMemberships>[number];

type Cancellation = ReturnType<typeof useAccountAction>;

function Membership({
  membership,
  cancellation,
  step,
  pageResult,
}: {
  membership: TabMembership;
  cancellation: Cancellation;
  step: CancellationStep | null;
  pageResult: AccountActionResult | undefined;
}) {
  const { fetcher, refusal } = cancellation;
  const itemId = membership.subscriptionItemId;
  const done = pageResult?.ok && pageResult.target === itemId ? pageResult.alert : null;
  const below = membership.managed ? (
    <>
      {done ? (
        <p
          role="status"
          className="rounded-lg bg-olive-50 px-4 py-3 text-sm font-semibold text-olive-900"
        >
          {done}
        </p>
      ) : null}
      <MembershipControls
        id={itemId}
        managed={membership.managed}
        step={step?.subscriptionItemId === itemId ? step : null}
        nextInvoiceDate={membership.nextInvoiceDate}
        quantity={membership.quantity}
      />
      <MembershipConsent consent={membership.managed.consent} />
    </>
  ) : null;
  return (
    <ItemCard refused={refusal?.target === itemId ? refusal.error : undefined} below={below}>
      <div>
        <h3 className="text-2xl">
          {membership.productName}
          {membership.quantity > 1 ? (
            <span className="font-sans text-base text-olive-700"> × {membership.quantity}</span>
          ) : null}
        </h3>
        {membership.description ? (
          <p className="mt-1 text-ink/80">{membership.description}</p>
        ) : null}
        {membership.managed ? <MembershipState managed={membership.managed} /> : null}
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-olive-700">Monthly price:</dt>
            <dd className="font-semibold">
              {formatMonthlyPrice(membership.unitPriceCents, membership.quantity)}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-olive-700">Next billing date:</dt>
            <dd className="font-semibold">{formatBillingDate(membership.nextInvoiceDate)}</dd>
          </div>
        </dl>
      </div>
      {membership.managed ? null : (
        <ConfirmableAction
          fetcher={fetcher}
          action={accountTabHref("memberships")}
          fields={{ [intentField]: accountIntents.cancelMembership, subscriptionItemId: itemId }}
          subject={membership.productName}
          labels={{
            start: "Cancel membership",
            question: "Cancel this membership? Billing stops and no more bottles are sent.",
            confirm: "Yes, cancel",
            keep: "Keep membership",
            busy: "Cancelling...",
          }}
          busy={fetcher.formData?.get("subscriptionItemId") === itemId}
          onConfirm={() => track({ name: "membership_cancel", label: membership.productName })}
        />
      )}
    </ItemCard>
  );
}

/** The memberships: plan, monthly price, next billing date. */
export function MembershipsTab({
  memberships,
  step,
  pageResult,
}: {
  memberships: SentMemberships;
  /** The cancellation step the address asks for. */
  step: CancellationStep | null;
  /** The answer to the form posted before JavaScript loaded. */
  pageResult: AccountActionResult | undefined;
}) {
  // Here rather than in a membership: the membership is gone when its cancellation succeeds.
  const cancellation = useAccountAction(pageResult, "membership_cancel_error");
  return (
    <LoadedTab
      id="memberships-heading"
      title="Memberships"
      intro="Your monthly bottles, billed to your saved card."
      resolve={memberships}
      errorText="There was an error loading your membership information"
    >
      {(current) =>
        current.length === 0 ? (
          <EmptyState link={{ to: "/become-a-member", label: "Explore memberships" }}>
            You don't have a membership yet. Members get oil from the latest harvest every month,
            with free shipping.
          </EmptyState>
        ) : (
          <ul className="mt-6 space-y-4">
            {current.map((membership) => (
              <Membership
                key={membership.subscriptionItemId}
                membership={membership}
                cancellation={cancellation}
                step={step}
                pageResult={pageResult}
              />
            ))}
          </ul>
        )
      }
    </LoadedTab>
  );
}
