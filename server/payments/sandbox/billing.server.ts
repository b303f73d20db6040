/**
 * The sandbox's billing run: what Stripe does for a subscription over time. At the shop's
 * billing time (`sandboxNow`) it does, once, whatever fell due since the last run, in the order it
 * fell due: reminders three days before a charge, charges, skipped months, pauses and
 * cancellations ending, and the retries of a declined renewal. One instance at a time runs it (a
 * database lease); each membership is changed under a row lock; each charge's invoice id comes from
 * the membership and the period, so nothing is billed twice.
 */

import { eq } from "drizzle-orm";
import { fullName } from "~core/catalog";
import { memberPriceAt } from "~core/catalog-prices";
import { checkoutMessages } from "~core/checkout-messages";
import { formatDate, shopDate } from "~core/dates";
import {
  afterDeclined,
  afterGivingUp,
  afterPaid,
  afterSkipped,
  type DunningPolicy,
  dueStep,
  type MembershipState,
  nextBill,
  nextDunningAt,
  oneMonthAfter,
  planName,
  reminderDaysBefore,
  reminderDue,
  retriesLeft,
  withPendingPlan,
} from "~core/membership-rules";
import { formatMoney } from "~core/money";
import { renewalStockRetryAt, renewalStockRetryDays } from "~core/stock";
import { ownerEmails } from "../../admin/staff-members.server";
import type { AuditActor } from "../../audit/audit.server";
import { readCatalog, readPriceChanges } from "../../catalog/catalog.server";
import type { Database } from "../../db/client.server";
import { withLease } from "../../db/lease.server";
import { memberships } from "../../db/schema.server";
import { randomId } from "../../ids.server";
import type { Logger } from "../../logger.server";
import { enqueueMail } from "../../mail/outbox.server";
import { type BillingWorker, startBillingWorker } from "../../memberships/billing-worker.server";
import {
  enqueueMembershipUpdate,
  enqueuePaymentFailed,
  enqueueRenewalReminder,
} from "../../memberships/mail.server";
import { enqueueCancellationMail } from "../../memberships/memberships.server";
import {
  lockMembership,
  type MembershipRecord,
  sandboxMembershipsToVisit,
  stateOf,
  writeMembership,
} from "../../memberships/store.server";
import { sendTermsReminders } from "../../memberships/terms-reminder.server";
import { type FulfilmentDeps, fulfilRenewal } from "../../orders/fulfil.server";
import { readDunningPolicy } from "../../settings/settings.server";
import { renewalShortage } from "../../stock/stock.server";
import { advanceSandboxClock, sandboxClockOffsetDays, sandboxNow } from "./clock.server";
import { chargeSavedCard, getShipping } from "./customers.server";

export interface BillingDeps extends FulfilmentDeps {
  log?: Logger;
  /** The owner's dunning settings when not given. */
  policy?: DunningPolicy;
}

/** The dunning the run follows: the one given, or the owner's settings. */
async function policyOf(deps: BillingDeps): Promise<DunningPolicy> {
  return deps.policy ?? (await readDunningPolicy(deps.db));
}

export interface BillingRun {
  /** False when another run held the lease: it does the work. */
  ran: boolean;
  /** Renewal orders created. */
  billed: string[];
  /** Memberships whose charge or retry was declined. */
  declined: string[];
  skipped: string[];
  /** Memberships that ended: cancelled at the end of their period, or after dunning. */
  ended: string[];
  reminded: string[];
  /** Memberships whose terms were e-mailed for their anniversary. */
  termsReminded: string[];
}

const emptyRun = (ran: boolean): BillingRun => ({
  ran,
  billed: [],
  declined: [],
  skipped: [],
  ended: [],
  reminded: [],
  termsReminded: [],
});

/** Long enough for a run over every membership of a large shop; a dead holder frees it then. */
const leaseSeconds = 300;

/** More steps than a year of months, retries and pauses for one membership in one run. */
const maxStepsPerMembership = 60;

/** Runs the billing once across every instance; a run that finds the lease taken does nothing. */
export async function runSandboxBilling(deps: BillingDeps, now: Date): Promise<BillingRun> {
  const leased = await withLease(deps.db, "sandbox-billing", leaseSeconds, async () => {
    const run = emptyRun(true);
    const policy = await policyOf(deps);
    for (const id of await sandboxMembershipsToVisit(deps.db, now, reminderDaysBefore)) {
      await deps.db.transaction((tx) => visit({ ...deps, db: tx, policy }, id, now, run));
    }
    run.termsReminded = await sendTermsReminders(deps.db, now, "sandbox");
    return run;
  });
  if (!leased.ran) return emptyRun(false);
  deps.log?.info({ ...countsOf(leased.value) }, "sandbox billing run");
  return leased.value;
}

function countsOf(run: BillingRun) {
  return {
    billed: run.billed.length,
    declined: run.declined.length,
    skipped: run.skipped.length,
    ended: run.ended.length,
    reminded: run.reminded.length,
    termsReminded: run.termsReminded.length,
  };
}

function invoiceId(subscriptionItemId: string, periodStart: Date): string {
  const day = periodStart.toISOString().slice(0, 10).replaceAll("-", "");
  return `in_sandbox_${subscriptionItemId.replace(/^si_sandbox_/, "")}_${day}`;
}

const billing = "billing";

/** Everything due for one membership by `now`, step by step at the time each fell due. */
async function visit(deps: BillingDeps, subscriptionItemId: string, now: Date, run: BillingRun) {
  const policy = await policyOf(deps);
  let row = await lockMembership(deps.db, subscriptionItemId);
  for (let steps = 0; row && steps < maxStepsPerMembership; steps += 1) {
    const state = stateOf(row);
    const step = dueStep(state, policy, now);
    if (step.step === "none") break;
    switch (step.step) {
      case "skip":
        row = await writeMembership(deps.db, row, afterSkipped(state), {
          kind: "skipped",
          summary: `The delivery of ${formatDate(state.nextInvoiceAt)} was skipped: no charge.`,
          actor: billing,
        });
        run.skipped.push(subscriptionItemId);
        break;
      case "end-cancelled": {
        const ended = { ...state, status: "canceled" as const };
        row = await writeMembership(deps.db, row, ended, {
          kind: "ended",
          summary: "The paid period ended: the membership is cancelled.",
          actor: billing,
        });
        await enqueueCancellationMail(deps.db, [row], null);
        run.ended.push(subscriptionItemId);
        break;
      }
      case "resume-and-charge":
      case "charge": {
        const waiting = await bottlesAwaited(deps, row, state, now);
        if (waiting === "later") return;
        if (waiting) {
          row = waiting;
          break;
        }
        row = await collect(
          deps,
          row,
          { ...state, status: "active", pausedFrom: null },
          {
            periodStart: state.nextInvoiceAt,
            at: state.nextInvoiceAt,
            run,
          },
        );
        break;
      }
      case "retry":
        row = await collect(deps, row, state, {
          periodStart: state.nextInvoiceAt,
          at: nextDunningAt(state, policy) ?? now,
          run,
        });
        break;
      case "give-up":
        row = await giveUp(deps, row, state, nextDunningAt(state, policy) ?? now);
        run.ended.push(subscriptionItemId);
        break;
    }
  }
  if (row && reminderDue(stateOf(row), row.remindedFor, now)) {
    const state = stateOf(row);
    await enqueueRenewalReminder(deps.db, row, nextBill(state), state.nextInvoiceAt);
    await deps.db
      .update(memberships)
      .set({ remindedFor: state.nextInvoiceAt })
      .where(eq(memberships.subscriptionItemId, row.subscriptionItemId));
    run.reminded.push(subscriptionItemId);
  }
}

/**
 * The membership at the price its period is billed at: a plan price decided after the member
 * joined replaces theirs once its notice has run out (a change of plan already chosen bills the
 * new plan's price instead).
 */
async function withPriceReached(
  db: Database,
  row: MembershipRecord,
  state: MembershipState,
  periodStart: Date,
): Promise<MembershipState> {
  const changes = (await readPriceChanges(db)).get(state.itemId) ?? [];
  const reached = memberPriceAt(changes, { joinedAt: row.createdAt, at: periodStart });
  return reached ? { ...state, unitPriceCents: reached.priceCents } : state;
}

/**
 * Before a renewal is charged: its bottles must be on the shelves. Missing, it is not charged
 * and is tried again each day (the owner told at the first try); after the days of retries the
 * month is not shipped and the member is told. Answers the row as it is now when the renewal
 * waits or gave up, "later" when its next try is not due yet, and null when it can be charged.
 */
async function bottlesAwaited(
  deps: BillingDeps,
  row: MembershipRecord,
  state: MembershipState,
  now: Date,
): Promise<MembershipRecord | "later" | null> {
  if (row.stockRetryAt && row.stockRetryAt.getTime() > now.getTime()) return "later";
  const billed = withPendingPlan(state);
  const shortage = await renewalShortage(
    deps.db,
    [{ itemId: billed.itemId, quantity: billed.quantity }],
    { today: shopDate(now, deps.shopTimeZone), now },
  );
  const cleared = { stockRetries: 0, stockRetryAt: null };
  if (!shortage) {
    if (row.stockRetries === 0) return null;
    await deps.db
      .update(memberships)
      .set(cleared)
      .where(eq(memberships.subscriptionItemId, row.subscriptionItemId));
    return null;
  }
  const catalog = await readCatalog(deps.db);
  const attempts = row.stockRetries + 1;
  const retryAt = renewalStockRetryAt(state.nextInvoiceAt, attempts);
  const due = formatDate(state.nextInvoiceAt);
  const missing = checkoutMessages.outOfStock(fullName(catalog[shortage.itemId]), shortage.message);
  if (!retryAt) {
    const written = await writeMembership(
      deps.db,
      row,
      afterSkipped(state),
      {
        kind: "not-shipped",
        summary: `The delivery of ${due} could not ship (${missing}): no charge that month.`,
        actor: billing,
      },
      cleared,
    );
    await enqueueMembershipUpdate(
      deps.db,
      written,
      stateOf(written),
      `We could not ship your delivery of ${due}: the bottles ran out before the new harvest. You were not charged; your next delivery is on ${formatDate(written.nextInvoiceAt)}.`,
    );
    return written;
  }
  const written = await writeMembership(
    deps.db,
    row,
    state,
    {
      kind: "waiting-for-stock",
      summary: `The renewal of ${due} waits for bottles (${missing}); tried again on ${formatDate(retryAt)}.`,
      actor: billing,
    },
    { stockRetries: attempts, stockRetryAt: retryAt },
  );
  if (attempts === 1) {
    for (const to of await ownerEmails(deps.db)) {
      await enqueueMail(deps.db, {
        template: "renewal-waiting-for-stock",
        to,
        payload: {
          membershipName: planName(catalog, billed.itemId),
          shortage: missing,
          dueDate: due,
          retryDays: renewalStockRetryDays,
          stockUrl: `${deps.publicUrl}/admin/stock`,
        },
      });
    }
  }
  return written;
}

export type Collection =
  | { outcome: "paid"; row: MembershipRecord; orderId: string | null }
  | { outcome: "declined"; row: MembershipRecord; message: string; gaveUp: boolean };

/**
 * Charges the membership's card for the period starting `periodStart` and, once paid, creates
 * the period's renewal order (at most one per membership and period). A declined charge puts
 * the membership in 'Payment failed', e-mails the member at the first failure, and gives up
 * when no retry is left. Call with the row locked.
 */
export async function chargePeriod(
  deps: BillingDeps,
  row: MembershipRecord,
  state: MembershipState,
  period: {
    periodStart: Date;
    at: Date;
    /** A member's request (ship now): a decline refuses it and starts no dunning. */
    actor?: string;
    request?: Record<string, unknown>;
  },
): Promise<Collection> {
  const policy = await policyOf(deps);
  const billed = withPendingPlan(await withPriceReached(deps.db, row, state, period.periodStart));
  const amountCents = billed.unitPriceCents * billed.quantity;
  const charge = await chargeSavedCard(deps.db, row.customerId);
  if (!charge.ok && period.request) {
    return { outcome: "declined", row, message: charge.message, gaveUp: false };
  }
  if (!charge.ok) {
    const declined = afterDeclined(state, charge.hard, period.at);
    const first = state.status !== "past_due";
    const token = row.cardUpdateToken ?? randomId("cu_");
    let written = await writeMembership(
      deps.db,
      row,
      declined,
      {
        kind: "payment-failed",
        summary: `The ${formatMoney(amountCents)} renewal was declined (${charge.message}).`,
        actor: period.actor ?? billing,
      },
      { cardUpdateToken: token },
    );
    if (first) await enqueuePaymentFailed(deps.db, written, declined, amountCents, token);
    const gaveUp = !charge.hard && !retriesLeft(declined, policy);
    if (gaveUp) written = await giveUp(deps, written, declined, period.at);
    return { outcome: "declined", row: written, message: charge.message, gaveUp };
  }
  // The plan of the bill is the plan of the order: a pending change of plan takes effect now.
  const [planned] = await deps.db
    .update(memberships)
    .set({
      itemId: billed.itemId,
      unitPriceCents: billed.unitPriceCents,
      pendingItemId: null,
      pendingUnitPriceCents: null,
    })
    .where(eq(memberships.subscriptionItemId, row.subscriptionItemId))
    .returning();
  const id = invoiceId(row.subscriptionItemId, period.periodStart);
  const shipping = await getShipping(deps.db, row.customerId);
  const result = await fulfilRenewal(deps, {
    id: `evt_${id}`,
    invoice: {
      id,
      subscriptionId: row.subscriptionId,
      subscriptionItemIds: [row.subscriptionItemId],
      amounts: { totalCents: amountCents, shippingCents: 0, taxCents: 0, discountCents: 0 },
      shipping: shipping && { name: shipping.name, address: shipping.address },
      nextInvoiceAt: oneMonthAfter(period.periodStart),
    },
  });
  const orderId = result.outcome === "created" ? result.orderId : null;
  const written = await writeMembership(
    deps.db,
    planned ?? row,
    afterPaid(state, period.periodStart),
    {
      kind: "renewed",
      summary: orderId
        ? `Paid ${formatMoney(amountCents)}: renewal order ${orderId}.`
        : `Paid ${formatMoney(amountCents)} for the period of ${formatDate(period.periodStart)}.`,
      actor: period.actor ?? billing,
      request: period.request,
    },
  );
  return { outcome: "paid", row: written, orderId };
}

async function collect(
  deps: BillingDeps,
  row: MembershipRecord,
  state: MembershipState,
  { periodStart, at, run }: { periodStart: Date; at: Date; run: BillingRun },
): Promise<MembershipRecord> {
  const result = await chargePeriod(deps, row, state, { periodStart, at });
  if (result.outcome === "paid") {
    if (result.orderId) run.billed.push(result.orderId);
  } else {
    run.declined.push(row.subscriptionItemId);
    if (result.gaveUp) run.ended.push(row.subscriptionItemId);
  }
  return result.row;
}

/** After the last failure: cancelled or paused, per the policy, with the member's e-mail. */
async function giveUp(
  deps: BillingDeps,
  row: MembershipRecord,
  state: MembershipState,
  at: Date,
): Promise<MembershipRecord> {
  const policy = await policyOf(deps);
  const after = afterGivingUp(state, policy, at);
  const summary =
    after.status === "canceled"
      ? "We could not charge your card, so your membership is now cancelled. You are welcome back any time."
      : `We could not charge your card, so your membership is paused until ${formatDate(after.nextInvoiceAt)}. Update your card and resume it from your account whenever you like.`;
  const written = await writeMembership(deps.db, row, after, {
    kind: after.status === "canceled" ? "cancelled-unpaid" : "paused-unpaid",
    summary,
    actor: billing,
  });
  await enqueueMembershipUpdate(deps.db, written, after, summary);
  return written;
}

/** Every so often the shop runs the billing by itself, at the sandbox clock's time. */
export function startSandboxBillingWorker(
  deps: {
    db: BillingDeps["db"];
    publicUrl: string;
    log: Logger;
    shopTimeZone: () => Promise<string>;
  },
  intervalMs?: number,
): BillingWorker {
  return startBillingWorker(
    deps.log,
    "sandbox billing run failed",
    async () => {
      const now = await sandboxNow(deps.db);
      await runSandboxBilling({ ...deps, shopTimeZone: await deps.shopTimeZone() }, now);
    },
    intervalMs,
  );
}

export type ClockRun =
  | { outcome: "ran"; offsetDays: number; now: Date; run: BillingRun }
  /** The clock moved since the form was shown (a second press): nothing was done. */
  | { outcome: "moved" };

/**
 * Moves the sandbox clock `days` ahead (none: 0) of `fromDays` as `actor` (audited), then runs
 * the billing at the new time: the back office's 'Advance', `npm run sandbox:renew` and its
 * way through a running shop all do this.
 */
export async function advanceAndBill(
  deps: BillingDeps,
  actor: AuditActor,
  change: { days: number; fromDays: number },
): Promise<ClockRun> {
  if (change.days > 0 && (await advanceSandboxClock(deps.db, actor, change)) === null) {
    return { outcome: "moved" };
  }
  const now = await sandboxNow(deps.db);
  const run = await runSandboxBilling(deps, now);
  return { outcome: "ran", offsetDays: await sandboxClockOffsetDays(deps.db), now, run };
}

/** The run in one line, for the owner and the command line. */
export function describeRun(run: BillingRun, days: number): string {
  const moved = days > 0 ? `Advanced ${days} day${days === 1 ? "" : "s"}. ` : "";
  return run.ran
    ? `${moved}${run.billed.length} renewal order(s), ${run.declined.length} declined payment(s), ${run.skipped.length} skipped month(s), ${run.ended.length} membership(s) ended, ${run.reminded.length} reminder(s), ${run.termsReminded.length} yearly reminder(s) of the terms.`
    : `${moved}Another billing run was under way; what fell due runs with it.`;
}
