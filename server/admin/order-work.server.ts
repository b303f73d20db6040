/**
 * One order as the back office works it: everything known about it, what happened to it, and
 * the fulfilment steps. Each step is one transaction with its audit row and its e-mail.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { type AuditAction, auditActionOf } from "~core/audit-actions";
import { canTakeStep, type FulfilmentStep, fulfilmentSteps, type Shipment } from "~core/fulfilment";
import { formatMoney } from "~core/money";
import {
  type FulfilmentStatus,
  fulfilmentStatusLabels,
  isFulfilmentStatus,
  statusesInWords,
} from "~core/order-status";
import { returnStatusLabels } from "~core/returns";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { auditLog, mailOutbox, orderItems, orders } from "../db/schema.server";
import { enqueueMail } from "../mail/outbox.server";
import { orderCustomerName, trackUrl } from "../orders/order-mail.server";
import { lineAtListPrice, type Order, type OrderItem, totalsOf } from "../orders/queries.server";
import { refundableCents } from "../orders/refunds.server";
import { latestReturns, type ReturnView, returnsOf } from "../orders/returns.server";

/** One thing that happened to an order, as its timeline lists it. */
export interface TimelineEntry {
  at: Date;
  what: string;
  /** Who did it: a member of staff's e-mail, or null for the shop itself. */
  who: string | null;
}

export interface OrderForStaff {
  order: OrderPageView;
  items: OrderLineView[];
  timeline: TimelineEntry[];
  /** What is left to refund: the total less what was refunded or is being refunded. */
  refundableCents: number;
  /** The latest return, if the customer asked for one. */
  latestReturn: ReturnView | null;
}

/** The order as its page shows it: who, where to, the amounts, the statuses and the shipment. */
function toOrderPageView(order: Order) {
  return {
    id: order.id,
    kind: order.kind,
    createdAt: order.createdAt,
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    hasAccount: order.userId !== null,
    hasLocalPickup: order.hasLocalPickup,
    shipTo: order.shipTo,
    address: order.address,
    ...totalsOf(order),
    refundedCents: order.refundedCents,
    promotionCode: order.promotion?.codeName ?? null,
    affiliate: order.affiliate,
    checkoutSessionId: order.checkoutSessionId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
  };
}

type OrderPageView = ReturnType<typeof toOrderPageView>;

/** A line of the order at list price: the discount has a line of its own. */
function toOrderLineView(item: OrderItem) {
  return { id: item.id, ...lineAtListPrice(item) };
}

type OrderLineView = ReturnType<typeof toOrderLineView>;

const mailNames: Record<string, string> = {
  "order-confirmation": "Order confirmation",
  "order-shipped": "Your order has shipped",
  "order-ready-for-pickup": "Your order is ready for pickup",
  "order-refunded": "Your refund is on its way",
  "return-approved": "Your return is approved",
  "return-declined": "We could not accept your return",
  "new-order": "New order",
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const money = (value: unknown) => (typeof value === "number" ? formatMoney(value) : "");

/** How the timeline names a staff action on an order, from its audit row. */
const actionTexts: Partial<Record<AuditAction, (after: Record<string, unknown>) => string>> = {
  "order.refunded": (after) => `Refunded ${money(after.amountCents)}: ${text(after.reason)}`,
  "order.cancelled": (after) =>
    `Cancelled, refunded ${money(after.amountCents)}: ${text(after.reason)}`,
  "order.return_approved": (after) => `Return approved, label: ${text(after.label)}`,
  "order.return_declined": (after) => `Return declined: ${text(after.message)}`,
  "order.return_received": () => returnStatusLabels.received,
  "order.note": (after) => `Note: ${text(after.note)}`,
};

/** A fulfilment step's words: the status it led to, as recorded (`status` in rows of old). */
function stepLabel(after: Record<string, unknown>): string | null {
  const status = after.fulfilmentStatus ?? after.status;
  return isFulfilmentStatus(status) ? fulfilmentStatusLabels[status] : null;
}

function auditWhat(row: typeof auditLog.$inferSelect): string {
  const after = row.after ?? {};
  const action = auditActionOf(row.action);
  const described = action ? actionTexts[action] : undefined;
  if (described) return described(after);
  const label = stepLabel(after) ?? row.action;
  const { carrier, trackingNumber } = after;
  return typeof carrier === "string" && typeof trackingNumber === "string"
    ? `${label}: ${carrier} ${trackingNumber}`
    : label;
}

async function timelineOf(db: Database, order: Order): Promise<TimelineEntry[]> {
  const [actions, mails, returns] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "order"), eq(auditLog.subjectId, order.id)))
      .orderBy(asc(auditLog.id)),
    db
      .select({
        template: mailOutbox.template,
        to: mailOutbox.to,
        status: mailOutbox.status,
        at: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(sql`${mailOutbox.payload}->>'orderId' = ${order.id}`)
      .orderBy(asc(mailOutbox.id)),
    returnsOf(db, order.id),
  ]);
  const paid = order.kind === "renewal" ? "Membership renewal paid" : "Paid";
  // Written in one transaction, a step and its e-mail share a time: the step comes first.
  return [
    { at: order.createdAt, what: paid, who: null },
    ...returns.map((request) => ({
      at: request.requestedAt,
      what: `Return requested by the customer: ${request.reason}`,
      who: order.email,
    })),
    ...actions.map((row) => ({ at: row.at, what: auditWhat(row), who: row.actorEmail })),
    ...mails.map((mail) => ({
      at: mail.at,
      // The customer's e-mails go to the order's address; the staff's are named by recipient.
      what: `E-mail '${mailNames[mail.template] ?? mail.template}'${mail.to === order.email ? "" : ` to ${mail.to}`} ${mail.status === "pending" ? "queued" : mail.status}`,
      who: null,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The order `orderId` with its lines and timeline, or null when there is none. */
export async function orderForStaff(db: Database, orderId: string): Promise<OrderForStaff | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, timeline, refundable, returns] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    timelineOf(db, order),
    refundableCents(db, order),
    latestReturns(db, [orderId]),
  ]);
  return {
    order: toOrderPageView(order),
    items: items.map(toOrderLineView),
    timeline,
    refundableCents: refundable,
    latestReturn: returns.get(orderId) ?? null,
  };
}

export type StepOutcome =
  | { ok: true; fulfilmentStatus: FulfilmentStatus }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; message: string };

async function mailFor(db: Database, publicUrl: string, order: Order, step: FulfilmentStep) {
  if (step === "shipped" && order.trackingUrl) {
    await enqueueMail(db, {
      template: "order-shipped",
      to: order.email,
      payload: {
        customerName: orderCustomerName(order),
        orderId: order.id,
        trackingUrl: order.trackingUrl,
      },
    });
  }
  if (step === "ready_for_pickup") {
    await enqueueMail(db, {
      template: "order-ready-for-pickup",
      to: order.email,
      payload: {
        customerName: orderCustomerName(order),
        orderId: order.id,
        trackUrl: trackUrl(publicUrl, order),
      },
    });
  }
}

/**
 * The columns a step sets: the fulfilment status it is named after, the shipment, or the time
 * the customer got the order.
 */
function stepChange(step: FulfilmentStep, shipment: Shipment | undefined) {
  const fulfilmentStatus: FulfilmentStatus = step;
  if (step === "shipped" && shipment) return { fulfilmentStatus, ...shipment };
  if (step === "delivered" || step === "picked_up") {
    return { fulfilmentStatus, deliveredAt: new Date() };
  }
  return { fulfilmentStatus };
}

/**
 * Takes a fulfilment step for an order (a shipment for 'Mark as shipped'): the fulfilment
 * status, the audit row and the customer's e-mail are written together, and only from a status
 * the step follows, whatever another member of staff did a moment before.
 */
export async function takeFulfilmentStep(
  db: Database,
  publicUrl: string,
  actor: AuditActor,
  orderId: string,
  step: FulfilmentStep,
  shipment?: Shipment,
): Promise<StepOutcome> {
  if (step === "shipped" && !shipment) throw new Error("'Mark as shipped' needs its shipment");
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" } as const;
    if (!canTakeStep(step, order)) {
      const message = `An order that is ${statusesInWords(order)} cannot be given '${fulfilmentSteps[step].label}'`;
      return { ok: false, reason: "not-allowed", message } as const;
    }
    const change = stepChange(step, shipment);
    const [updated] = await tx.update(orders).set(change).where(eq(orders.id, orderId)).returning();
    if (!updated) throw new Error(`Order ${orderId} vanished during its update`);
    await recordAudit(tx, actor, {
      action: `order.${step}`,
      subjectType: "order",
      subjectId: orderId,
      before: { fulfilmentStatus: order.fulfilmentStatus, paymentStatus: order.paymentStatus },
      after: { ...change, paymentStatus: order.paymentStatus },
    });
    await mailFor(tx, publicUrl, updated, step);
    return { ok: true, fulfilmentStatus: change.fulfilmentStatus } as const;
  });
}

/** An internal note on the order's timeline, which the customer never sees. */
export async function addOrderNote(
  db: Database,
  actor: AuditActor,
  orderId: string,
  note: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) return false;
    await recordAudit(tx, actor, {
      action: "order.note",
      subjectType: "order",
      subjectId: orderId,
      after: { note },
    });
    return true;
  });
}
