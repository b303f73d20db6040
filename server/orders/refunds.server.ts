/**
 * Money given back for an order, whoever asked: staff with 'Refund' or 'Cancel order', or the
 * payment provider reporting a refund made at its end.
 *
 * A refund asked for in the shop takes three steps, so that the provider's call never sits
 * inside a database transaction: the refund is reserved (a pending row, within what is left),
 * the provider is asked with the reservation's id as its idempotency key, then the order is
 * settled in one transaction with its audit row and the customer's e-mail. The reservation's id
 * is the key of the confirmation staff gave: the same confirmation sent again finds it and
 * refunds nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "~core/money";
import {
  refundMessages,
  refundRefusal,
  statusesAfterRefund,
  usedConfirmationMessages,
} from "~core/refunds";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { orderRefunds, orders } from "../db/schema.server";
import { enqueueMail } from "../mail/outbox.server";
import type { PaymentProvider, RefundedPayment } from "../payments/provider.server";
import { orderCustomerName } from "./order-mail.server";
import type { Order } from "./queries.server";

export type OrderRefund = typeof orderRefunds.$inferSelect;

export interface RefundDeps {
  db: Database;
  payments: Pick<PaymentProvider, "refundPayment">;
}

/**
 * A confirmed refund, or a cancellation, which refunds whatever is left: `amountCents` is what
 * the confirmation showed, and a cancellation goes ahead only while it is still all that is left.
 */
export interface RefundAsk {
  kind: "refund" | "cancel";
  key: string;
  amountCents: number;
  reason: string;
}

export type RefundOutcome =
  | { ok: true; order: Order; refund: OrderRefund }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; message: string }
  | { ok: false; reason: "already-used"; message: string }
  | { ok: false; reason: "provider-failed"; message: string; cause?: unknown };

const providerFailure =
  "The payment provider did not refund the payment. Nothing was refunded: please try again in a moment.";

/** Refunds still being asked for count against what is left, so two forms cannot both take it. */
async function pendingCents(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending")));
  return row?.cents ?? 0;
}

/** What is left to refund for an order: its total less what was refunded or is pending. */
export async function refundableCents(db: Database, order: Order): Promise<number> {
  return order.totalCents - order.refundedCents - (await pendingCents(db, order.id));
}

type Reservation = { ok: true; refund: OrderRefund } | Extract<RefundOutcome, { ok: false }>;

function refusal(message: string): Reservation {
  return { ok: false, reason: "not-allowed", message };
}

/**
 * A new pending row for the ask, with the order row locked so that asks of the same order,
 * whether of one confirmation or of several, are reserved one after the other.
 */
async function reserve(
  db: Database,
  actor: AuditActor,
  orderId: string,
  ask: RefundAsk,
): Promise<Reservation> {
  return db.transaction(async (tx): Promise<Reservation> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" };
    const [earlier] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, ask.key));
    if (earlier) {
      return earlier.orderId === orderId
        ? { ok: false, reason: "already-used", message: usedConfirmationMessages[earlier.status] }
        : refusal(refundMessages.key);
    }
    const refused = refundRefusal(order, ask, await refundableCents(tx, order), formatMoney);
    if (refused) return refusal(refused);
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        id: ask.key,
        orderId,
        amountCents: ask.amountCents,
        reason: ask.reason,
        actorId: actor.id,
        actorEmail: actor.email,
      })
      .returning();
    if (!refund) throw new Error(`The refund ${ask.key} was not written`);
    return { ok: true, refund };
  });
}

/**
 * Adds a succeeded refund to its order: the refunded amount, the statuses, the audit row and the
 * customer's e-mail, together. `cancelled` makes the fulfilment status 'Cancelled'.
 */
async function applyRefund(
  tx: Database,
  actor: AuditActor,
  order: Order,
  refund: OrderRefund,
  cancelled: boolean,
): Promise<Order> {
  const refundedCents = order.refundedCents + refund.amountCents;
  const statuses = statusesAfterRefund(order, refundedCents, cancelled);
  const [updated] = await tx
    .update(orders)
    .set({ refundedCents, ...statuses })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`Order ${order.id} vanished during its refund`);
  await recordAudit(tx, actor, {
    action: cancelled ? "order.cancelled" : "order.refunded",
    subjectType: "order",
    subjectId: order.id,
    before: {
      paymentStatus: order.paymentStatus,
      fulfilmentStatus: order.fulfilmentStatus,
      refundedCents: order.refundedCents,
    },
    after: { ...statuses, refundedCents, amountCents: refund.amountCents, reason: refund.reason },
  });
  await enqueueMail(tx, {
    template: "order-refunded",
    to: order.email,
    payload: {
      customerName: orderCustomerName(order),
      orderId: order.id,
      amountCents: refund.amountCents,
      cancelled,
    },
  });
  return updated;
}

async function settle(
  db: Database,
  actor: AuditActor,
  reservation: OrderRefund,
  providerRefundId: string,
  cancelled: boolean,
): Promise<RefundOutcome> {
  return db.transaction(async (tx): Promise<RefundOutcome> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, reservation.orderId))
      .for("update");
    if (!order) return { ok: false, reason: "not-found" };
    // Only the request that reserved the row settles it: no other finds it pending to settle.
    const [refund] = await tx
      .update(orderRefunds)
      .set({ status: "succeeded", providerRefundId })
      .where(and(eq(orderRefunds.id, reservation.id), eq(orderRefunds.status, "pending")))
      .returning();
    if (!refund) throw new Error(`The refund ${reservation.id} was no longer pending`);
    return { ok: true, order: await applyRefund(tx, actor, order, refund, cancelled), refund };
  });
}

/**
 * Refunds part of an order, or cancels it and refunds what is left. The same `ask.key` refunds
 * once: sent again, at the same moment or later, it answers `already-used` and refunds nothing.
 */
export async function refundOrder(
  deps: RefundDeps,
  actor: AuditActor,
  orderId: string,
  ask: RefundAsk,
): Promise<RefundOutcome> {
  const reserved = await reserve(deps.db, actor, orderId, ask);
  if (!reserved.ok) return reserved;
  const { refund } = reserved;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "not-found" };
  let providerRefundId: string;
  try {
    ({ refundId: providerRefundId } = await deps.payments.refundPayment({
      paymentReference: order.checkoutSessionId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.id,
      orderId,
    }));
  } catch (error) {
    await deps.db
      .update(orderRefunds)
      .set({ status: "failed" })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "pending")));
    return { ok: false, reason: "provider-failed", message: providerFailure, cause: error };
  }
  return settle(deps.db, actor, refund, providerRefundId, ask.kind === "cancel");
}

/** The provider as an actor, for refunds made at its end (its dashboard, a dispute). */
export const providerActor: AuditActor = { id: "payment-provider", email: "Payment provider" };

/**
 * `payment.refunded`: a payment's refunded total as the provider reports it. Whatever the shop
 * does not know of yet (not refunded here nor pending) is recorded as a refund of its own.
 */
export async function reconcileRefunds(
  db: Database,
  eventId: string,
  payment: RefundedPayment,
): Promise<"updated" | "already-done" | "unknown"> {
  if (payment.paymentReferences.length === 0) return "unknown";
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(sql`${orders.checkoutSessionId} in ${payment.paymentReferences}`)
      .for("update");
    if (!order) return "unknown";
    const known = order.refundedCents + (await pendingCents(tx, order.id));
    const unknownCents = Math.min(payment.refundedCents, order.totalCents) - known;
    if (unknownCents <= 0) return "already-done";
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        id: `provider_${eventId}`,
        orderId: order.id,
        amountCents: unknownCents,
        reason: "Refunded at the payment provider",
        status: "succeeded",
        actorId: providerActor.id,
        actorEmail: providerActor.email,
      })
      .onConflictDoNothing()
      .returning();
    if (!refund) return "already-done";
    await applyRefund(tx, providerActor, order, refund, false);
    return "updated";
  });
}
