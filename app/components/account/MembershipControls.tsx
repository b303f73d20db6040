import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { accountTabHref } from "~core/account-urls";
import { membershipStatusLabels } from "~core/admin/memberships";
import { formatBillingDate } from "~core/dates";
import { accountIntents, intentField } from "~core/form-intent";
import { type CancellationStep, membershipStepHref } from "~core/membership-forms";
import { cancelReasons, maxMoveDays, maxQuantity, pauseMonths } from "~core/membership-rules";
import { formatMoney } from "~core/money";
import type { LoadedValue, TabContent } from "./TabData";

/** What the loader tells of a membership the shop bills itself. */
type ManagedMembership = NonNullable<
  LoadedValue<TabContent<"memberships">["memberships"]>[number]["managed"]
>;

const selectClass =
  "mt-1 block w-full rounded-lg border border-olive-300 bg-white px-3 py-2 text-base text-ink sm:w-auto";

/** One form of a membership: its intent, the membership and the revision it shows. */
function MembershipForm({
  subscriptionItemId,
  revision,
  intent,
  children,
  className,
}: {
  subscriptionItemId: string;
  revision: number;
  intent: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" action={accountTabHref("memberships")} className={className}>
      <input type="hidden" name={intentField} value={intent} />
      <input type="hidden" name="subscriptionItemId" value={subscriptionItemId} />
      <input type="hidden" name="revision" value={revision} />
      {children}
    </Form>
  );
}

/** A submit button that says it is busy, and stays pressed once, while its form is on its way. */
function Submit({
  subscriptionItemId,
  intent,
  children,
  primary = false,
}: {
  subscriptionItemId: string;
  intent: string;
  children: string;
  primary?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("subscriptionItemId") === subscriptionItemId &&
    navigation.formData?.get(intentField) === intent;
  return (
    <button
      type="submit"
      className={primary ? "btn-primary" : "btn-outline text-olive-900"}
      disabled={busy}
    >
      {busy ? "Saving..." : children}
    </button>
  );
}

/** The state of the membership, in words. */
export function MembershipState({ managed }: { managed: ManagedMembership }) {
  const lines: string[] = [];
  if (managed.status === "paused" && managed.pausedFrom !== null) {
    lines.push(`Paused: no bottles and no charge from ${formatBillingDate(managed.pausedFrom)}.`);
  }
  if (managed.status === "past_due") {
    lines.push("Your last payment failed. Update your card to receive this month's bottles.");
  }
  if (managed.endsOn !== null && managed.status !== "canceled") {
    lines.push(`Cancelled: your last paid month ends on ${formatBillingDate(managed.endsOn)}.`);
  }
  if (managed.skipped !== null) {
    lines.push(`The delivery of ${formatBillingDate(managed.skipped)} is skipped.`);
  }
  if (managed.planChanging) {
    lines.push(
      `From the next bill: ${managed.nextBill.plan}, ${formatMoney(managed.nextBill.amountCents)} a month.`,
    );
  }
  return (
    <div className="mt-3 space-y-1 text-sm">
      <p>
        <span className="text-olive-700">Status: </span>
        <strong>{membershipStatusLabels[managed.status]}</strong>
      </p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The terms the member agreed to at sign-up, when and with which address. */
export function MembershipConsent({ consent }: { consent: ManagedMembership["consent"] }) {
  if (!consent) return null;
  return (
    <p className="mt-3 text-xs text-olive-700">
      You agreed to the membership terms (version {consent.termsVersion})
      {consent.at !== null ? ` on ${formatBillingDate(consent.at)}` : ""}
      {consent.email ? ` as ${consent.email}` : ""}.
    </p>
  );
}

/** The cancellation's second and third steps: a reason, then the one offer. */
function Cancellation({
  id,
  managed,
  step,
  nextInvoiceDate,
}: {
  id: string;
  managed: ManagedMembership;
  step: CancellationStep;
  nextInvoiceDate: number;
}) {
  const form = { subscriptionItemId: id, revision: managed.revision };
  if (step.step === "offer") {
    return (
      <section aria-labelledby={`offer-${id}`} className="space-y-3 rounded-lg bg-cream p-4">
        <h4 id={`offer-${id}`} className="text-lg">
          Before you go: take a break instead?
        </h4>
        <p className="text-sm">
          Pause for a month, or skip the next delivery. You can cancel any time after.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <MembershipForm {...form} intent={accountIntents.pauseMembership}>
            <input type="hidden" name="months" value="1" />
            <Submit subscriptionItemId={id} intent={accountIntents.pauseMembership}>
              Pause 1 month instead
            </Submit>
          </MembershipForm>
          {managed.skipped === nextInvoiceDate ? null : (
            <MembershipForm {...form} intent={accountIntents.skipDelivery}>
              <input type="hidden" name="invoiceAt" value={nextInvoiceDate} />
              <Submit subscriptionItemId={id} intent={accountIntents.skipDelivery}>
                Skip the next delivery instead
              </Submit>
            </MembershipForm>
          )}
          <MembershipForm {...form} intent={accountIntents.cancelMembership}>
            <input type="hidden" name="declineOffer" value="yes" />
            {step.reason ? <input type="hidden" name="reason" value={step.reason} /> : null}
            <Submit subscriptionItemId={id} intent={accountIntents.cancelMembership} primary>
              Cancel membership
            </Submit>
          </MembershipForm>
        </div>
      </section>
    );
  }
  return (
    <MembershipForm
      {...form}
      intent={accountIntents.cancelMembership}
      className="space-y-3 rounded-lg bg-cream p-4"
    >
      {managed.cancelOfferMade ? <input type="hidden" name="declineOffer" value="yes" /> : null}
      <label className="block text-sm font-semibold" htmlFor={`reason-${id}`}>
        Why are you cancelling? (optional)
      </label>
      <select id={`reason-${id}`} name="reason" className={selectClass} defaultValue="">
        <option value="">I'd rather not say</option>
        {Object.entries(cancelReasons).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <p className="text-sm">
        Your membership ends on {formatBillingDate(nextInvoiceDate)}, the end of the month you paid
        for. You will not be billed again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Submit subscriptionItemId={id} intent={accountIntents.cancelMembership} primary>
          {managed.cancelOfferMade ? "Cancel membership" : "Continue"}
        </Submit>
        <Link to={accountTabHref("memberships")} className="btn-outline text-olive-900">
          Keep membership
        </Link>
      </div>
    </MembershipForm>
  );
}

function Control({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-olive-100 p-4">
      <h4 className="text-sm font-semibold tracking-wide text-olive-900 uppercase">{title}</h4>
      <div className="mt-2">{children}</div>
    </div>
  );
}

/** Everything a member may change of a membership the shop bills itself. */
export function MembershipControls({
  id,
  managed,
  step,
  nextInvoiceDate,
  quantity,
}: {
  id: string;
  managed: ManagedMembership;
  /** The cancellation step the address asks for, when it is this membership's. */
  step: CancellationStep | null;
  nextInvoiceDate: number;
  quantity: number;
}) {
  const allowed = new Set<string>(managed.allowed);
  const form = { subscriptionItemId: id, revision: managed.revision };
  const nextDate = formatBillingDate(nextInvoiceDate);
  const row = "flex flex-col gap-2 sm:flex-row sm:items-end";
  if (step && allowed.has("cancel")) {
    return <Cancellation id={id} managed={managed} step={step} nextInvoiceDate={nextInvoiceDate} />;
  }
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {managed.status === "past_due" ? (
        <Control title="Payment failed">
          <MembershipForm {...form} intent={accountIntents.updateCard}>
            <Submit subscriptionItemId={id} intent={accountIntents.updateCard} primary>
              Update card
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("pause") ? (
        <Control title="Pause">
          <MembershipForm {...form} intent={accountIntents.pauseMembership} className={row}>
            <div>
              <label htmlFor={`pause-${id}`} className="text-sm">
                Pause from {nextDate} for
              </label>
              <select id={`pause-${id}`} name="months" className={selectClass} defaultValue="1">
                {pauseMonths.map((months) => (
                  <option key={months} value={months}>
                    {months} month{months === 1 ? "" : "s"}
                  </option>
                ))}
              </select>
            </div>
            <Submit subscriptionItemId={id} intent={accountIntents.pauseMembership}>
              Pause
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("resume") ? (
        <Control title="Resume">
          <MembershipForm {...form} intent={accountIntents.resumeMembership}>
            <Submit subscriptionItemId={id} intent={accountIntents.resumeMembership} primary>
              Resume membership
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("skip") && managed.skipped !== nextInvoiceDate ? (
        <Control title="Skip">
          <MembershipForm {...form} intent={accountIntents.skipDelivery}>
            <input type="hidden" name="invoiceAt" value={nextInvoiceDate} />
            <p className="mb-2 text-sm">No bottles and no charge on {nextDate}.</p>
            <Submit subscriptionItemId={id} intent={accountIntents.skipDelivery}>
              Skip next delivery
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("change-plan") ? (
        <Control title="Change plan">
          <MembershipForm {...form} intent={accountIntents.changePlan}>
            <fieldset>
              <legend className="text-sm">From your next bill on {nextDate}:</legend>
              {managed.plans.map((plan) => (
                <label key={plan.itemId} className="mt-1 flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="itemId"
                    value={plan.itemId}
                    defaultChecked={plan.current}
                  />
                  {plan.name}, {formatMoney(plan.amountCents)} a month
                </label>
              ))}
            </fieldset>
            <div className="mt-2">
              <Submit subscriptionItemId={id} intent={accountIntents.changePlan}>
                Change plan
              </Submit>
            </div>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("quantity") ? (
        <Control title="Boxes a month">
          <MembershipForm {...form} intent={accountIntents.changeQuantity} className={row}>
            <div>
              <label htmlFor={`quantity-${id}`} className="text-sm">
                Boxes each month (1 to {maxQuantity})
              </label>
              <input
                id={`quantity-${id}`}
                name="quantity"
                type="number"
                min={1}
                max={maxQuantity}
                required
                className={selectClass}
                defaultValue={quantity}
              />
            </div>
            <Submit subscriptionItemId={id} intent={accountIntents.changeQuantity}>
              Update quantity
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("move-date") ? (
        <Control title="Next billing date">
          <MembershipForm
            {...form}
            intent={accountIntents.moveBillingDate}
            className="flex flex-col items-start gap-2"
          >
            <div>
              <label htmlFor={`move-${id}`} className="text-sm">
                Move the bill of {nextDate} to
              </label>
              <select id={`move-${id}`} name="days" className={selectClass} defaultValue="7">
                {Array.from({ length: maxMoveDays }, (_, index) => index + 1).map((days) => (
                  <option key={days} value={days}>
                    {formatBillingDate(nextInvoiceDate + days * 86_400)} ({days} day
                    {days === 1 ? "" : "s"} later)
                  </option>
                ))}
              </select>
            </div>
            <Submit subscriptionItemId={id} intent={accountIntents.moveBillingDate}>
              Move date
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("pause") && managed.shipNow ? (
        <Control title="Ship now">
          <MembershipForm {...form} intent={accountIntents.shipNow}>
            <p className="mb-2 text-sm">
              Bill {formatMoney(managed.nextBill.amountCents)} today and ship this month's bottles;
              the next bill is a month from today.
            </p>
            <Submit subscriptionItemId={id} intent={accountIntents.shipNow}>
              Ship now
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {managed.status !== "past_due" && allowed.size > 0 ? (
        <Control title="Card">
          <MembershipForm {...form} intent={accountIntents.updateCard}>
            <Submit subscriptionItemId={id} intent={accountIntents.updateCard}>
              Update card
            </Submit>
          </MembershipForm>
        </Control>
      ) : null}
      {allowed.has("cancel") ? (
        <Control title="Cancel">
          <Link to={membershipStepHref("reason", id)} className="btn-outline text-olive-900">
            Cancel membership
          </Link>
        </Control>
      ) : null}
    </div>
  );
}
