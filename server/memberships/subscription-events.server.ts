/**
 * A subscription the provider bills on its own schedule (Stripe): its retries own the dunning,
 * and the shop follows what it reports. A failed renewal puts the membership in 'Payment failed'
 * and e-mails the member at the first failure only; a change of the subscription's status is
 * copied onto the membership; a card the member saved on the hosted page becomes the
 * subscription's own and, while a payment has failed, pays the open invoice at once. Each event
 * is handled in one transaction with its processed-event row, so a redelivery changes nothing.
 */
import { formatDate } from "~core/dates";
import { afterDeclined, type MembershipState, nextBill } from "~core/membership-rules";
import { formatMoney } from "~core/money";
import type { Database } from "../db/client.server";
import { randomId } from "../ids.server";
import type { FulfilmentResult } from "../orders/fulfil.server";
import { recordProcessedEvent } from "../payments/processed-events.server";
import type {
  FailedInvoice,
  PaymentProvider,
  SavedSubscriptionCard,
  SubscriptionUpdate,
} from "../payments/provider.server";
import { enqueueMembershipUpdate, enqueuePaymentFailed } from "./mail.server";
import { endSubscription } from "./memberships.server";
import {
  lockMembership,
  type MembershipRecord,
  stateOf,
  subscriptionMemberships,
  writeMembership,
} from "./store.server";

const provider = "payment provider";
const alreadyDone: FulfilmentResult = { outcome: "already-done" };

function noMembership(subscriptionId: string): FulfilmentResult {
  return { outcome: "unknown", reason: `no membership of ${subscriptionId}` };
}

/**
 * Runs `change` on each membership of the subscription still billed, locked, in one transaction
 * with the event's processed row; a redelivered event finds it done. Without a membership the
 * answer is `none` (by default: someone must look).
 */
async function eachMembership(
  db: Database,
  event: { id: string; type: string },
  subscriptionId: string,
  change: (tx: Database, row: MembershipRecord) => Promise<void>,
  none: FulfilmentResult = noMembership(subscriptionId),
): Promise<FulfilmentResult> {
  return db.transaction(async (tx) => {
    if (!(await recordProcessedEvent(tx, event))) return alreadyDone;
    const listed = await subscriptionMemberships(tx, subscriptionId);
    if (listed.length === 0) return none;
    for (const { subscriptionItemId } of listed) {
      const row = await lockMembership(tx, subscriptionItemId);
      if (row) await change(tx, row);
    }
    return { outcome: "updated" };
  });
}

/** A renewal's charge failed; the provider says when it tries again. */
export function recordFailedRenewal(
  db: Database,
  event: { id: string; invoice: FailedInvoice },
): Promise<FulfilmentResult> {
  const { invoice } = event;
  const retry = invoice.nextAttemptAt
    ? `tried again on ${formatDate(invoice.nextAttemptAt)}`
    : "not tried again";
  return eachMembership(
    db,
    { id: event.id, type: "invoice.failed" },
    invoice.subscriptionId,
    async (tx, row) => {
      const state = stateOf(row);
      const declined = afterDeclined(state, false, new Date());
      const amountCents = nextBill(state).amountCents;
      const token = row.cardUpdateToken ?? randomId("cu_");
      const written = await writeMembership(
        tx,
        row,
        declined,
        {
          kind: "payment-failed",
          summary: `The ${formatMoney(amountCents)} renewal was declined; ${retry}.`,
          actor: provider,
        },
        { cardUpdateToken: token },
      );
      // The first failure of the open renewal only: the provider's retries send nothing more.
      if (state.failedAt === null) {
        await enqueuePaymentFailed(tx, written, declined, amountCents, token);
      }
    },
  );
}

/** The membership as the provider now reports its subscription. */
function followed(state: MembershipState, update: SubscriptionUpdate): MembershipState {
  const cancelAt = update.cancelAt;
  switch (update.status) {
    case "canceled":
      return { ...state, status: "canceled", cancelAt: cancelAt ?? state.cancelAt };
    case "paused":
      // A pause the shop asked for is in place already; one made at Stripe resumes on its day.
      if (state.status === "paused") return { ...state, cancelAt };
      return {
        ...state,
        status: "paused",
        cancelAt,
        pausedFrom: state.nextInvoiceAt,
        nextInvoiceAt: update.resumesAt ?? state.nextInvoiceAt,
      };
    case "past_due":
      // The invoice's own event records the failure and e-mails the member, in either order.
      return { ...state, status: "past_due", cancelAt };
    case "active":
      return {
        ...state,
        status: "active",
        cancelAt,
        pausedFrom: null,
        nextInvoiceAt: update.nextInvoiceAt,
        ...(state.status === "past_due"
          ? { failedAttempts: 0, failedAt: null, hardDecline: false }
          : {}),
      };
  }
}

const time = (date: Date | null) => date?.getTime() ?? null;

function sameState(a: MembershipState, b: MembershipState): boolean {
  return (
    a.status === b.status &&
    time(a.cancelAt) === time(b.cancelAt) &&
    time(a.pausedFrom) === time(b.pausedFrom) &&
    time(a.nextInvoiceAt) === time(b.nextInvoiceAt)
  );
}

function stateSummary(state: MembershipState): string {
  if (state.cancelAt) return `Ends on ${formatDate(state.cancelAt)}; it will not be billed again.`;
  switch (state.status) {
    case "paused":
      return `Paused: billing starts again on ${formatDate(state.nextInvoiceAt)}.`;
    case "past_due":
      return "The last payment failed.";
    default:
      return `Active: the next bill is on ${formatDate(state.nextInvoiceAt)}.`;
  }
}

/**
 * The subscription changed at the provider (from its dashboard, its retries running out, or a
 * change the shop asked for). A change the shop made already is found in place and changes
 * nothing; a pause or a resumption made elsewhere is e-mailed; an end is the cancellation, with
 * its e-mail once.
 */
export async function followSubscription(
  db: Database,
  event: { id: string; subscription: SubscriptionUpdate },
): Promise<FulfilmentResult> {
  const { subscription } = event;
  if (subscription.status === "canceled") {
    const { cancelled } = await endSubscription(db, {
      id: event.id,
      subscriptionId: subscription.id,
    });
    return cancelled > 0 ? { outcome: "updated" } : alreadyDone;
  }
  return eachMembership(
    db,
    { id: event.id, type: "subscription.updated" },
    subscription.id,
    async (tx, row) => {
      const state = stateOf(row);
      const next = followed(state, subscription);
      if (sameState(state, next)) return;
      const summary = stateSummary(next);
      const written = await writeMembership(tx, row, next, {
        kind: "provider-update",
        summary,
        actor: provider,
      });
      const pausedOrResumed =
        state.status !== next.status && (state.status === "paused" || next.status === "paused");
      if (pausedOrResumed) await enqueueMembershipUpdate(tx, written, next, summary);
    },
    // Stripe reports a new subscription before its checkout's event makes it a membership.
    { outcome: "ignored", reason: `no membership of ${subscription.id} yet` },
  );
}

/**
 * The member saved a new card on the provider's hosted page for one subscription: it becomes the
 * card the subscription is billed to and, while a payment has failed, pays the open invoice at
 * once (its order comes with the invoice's paid event, once). The provider's calls are safe to
 * repeat, so a redelivery repeats them and finds the rest done.
 */
export async function saveSubscriptionCard(
  deps: { db: Database; payments: Pick<PaymentProvider, "setSubscriptionCard"> },
  event: { id: string; card: SavedSubscriptionCard },
): Promise<FulfilmentResult> {
  const { card } = event;
  const owned = (await subscriptionMemberships(deps.db, card.subscriptionId)).filter(
    (row) => row.customerId === card.customerId,
  );
  if (owned.length === 0) return noMembership(card.subscriptionId);
  const { paidInvoiceId } = await deps.payments.setSubscriptionCard(card.customerId, {
    subscriptionId: card.subscriptionId,
    paymentMethodId: card.paymentMethodId,
    payOpenInvoice: owned.some((row) => row.status === "past_due"),
  });
  const summary = paidInvoiceId
    ? "Your new card paid this month's renewal: your membership is active again."
    : "Your card is updated: the next renewals are charged to it.";
  return eachMembership(
    deps.db,
    { id: event.id, type: "card.saved" },
    card.subscriptionId,
    async (tx, row) => {
      if (row.customerId !== card.customerId) return;
      const state = stateOf(row);
      const written = await writeMembership(tx, row, state, {
        kind: "card-updated",
        summary,
        actor: "member",
      });
      await enqueueMembershipUpdate(tx, written, state, summary);
    },
  );
}
