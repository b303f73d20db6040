/**
 * One order as the back office works it: everything known about it, what happened to it, and
 * the fulfilment steps. Each step is one transaction with its audit row and its e-mail.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import {
  canTakeStep,
  type FulfilmentStep,
  fulfilmentSteps,
  type Shipment,
} from "~/core/fulfilment";
import { type OrderStatus, orderStatusLabels } from "~/core/order-status";
import type { Database } from "../db/client.server";
import { auditLog, mailOutbox, orderItems, orders } from "../db/schema.server";
import { enqueueMail } from "../mail/outbox.server";
import { trackUrl } from "../orders/order-mail.server";
import type { Order, OrderItem } from "../orders/queries.server";
import { type AuditActor, recordAudit } from "./audit.server";

/** One thing that happened to an order, as its timeline lists it. */
export interface TimelineEntry {
  at: Date;
  what: string;
  /** Who did it: a member of staff's e-mail, or null for the shop itself. */
  who: string | null;
}

export interface OrderForStaff {
  order: Order;
  items: OrderItem[];
  timeline: TimelineEntry[];
}

const mailNames: Record<string, string> = {
  "order-confirmation": "Order confirmation",
  "order-shipped": "Your order has shipped",
  "order-ready-for-pickup": "Your order is ready for pickup",
  "order-refunded": "Refund",
};

function auditWhat(row: typeof auditLog.$inferSelect): string {
  const status = row.after?.status;
  const label =
    typeof status === "string" && status in orderStatusLabels
      ? orderStatusLabels[status as OrderStatus]
      : row.action;
  const tracking = typeof row.after?.trackingNumber === "string" ? row.after.trackingNumber : null;
  const carrier = typeof row.after?.carrier === "string" ? row.after.carrier : null;
  return tracking && carrier ? `${label}: ${carrier} ${tracking}` : label;
}

async function timelineOf(db: Database, order: Order): Promise<TimelineEntry[]> {
  const [actions, mails] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "order"), eq(auditLog.subjectId, order.id)))
      .orderBy(asc(auditLog.id)),
    db
      .select({
        template: mailOutbox.template,
        status: mailOutbox.status,
        at: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(sql`${mailOutbox.payload}->>'orderId' = ${order.id}`)
      .orderBy(asc(mailOutbox.id)),
  ]);
  const paid = order.kind === "renewal" ? "Membership renewal paid" : "Paid";
  // Written in one transaction, a step and its e-mail share a time: the step comes first.
  return [
    { at: order.createdAt, what: paid, who: null },
    ...actions.map((row) => ({ at: row.at, what: auditWhat(row), who: row.actorEmail })),
    ...mails.map((mail) => ({
      at: mail.at,
      what: `E-mail '${mailNames[mail.template] ?? mail.template}' ${mail.status === "pending" ? "queued" : mail.status}`,
      who: null,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The order `orderId` with its lines and timeline, or null when there is none. */
export async function orderForStaff(db: Database, orderId: string): Promise<OrderForStaff | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, timeline] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    timelineOf(db, order),
  ]);
  return { order, items, timeline };
}

export type StepOutcome =
  | { ok: true; status: OrderStatus }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; message: string };

function customerName(order: Order): string {
  return `${order.firstName} ${order.lastName}`.trim();
}

async function mailFor(db: Database, publicUrl: string, order: Order, step: FulfilmentStep) {
  if (step === "shipped" && order.trackingUrl) {
    await enqueueMail(db, {
      template: "order-shipped",
      to: order.email,
      payload: {
        customerName: customerName(order),
        orderId: order.id,
        trackingUrl: order.trackingUrl,
      },
    });
  }
  if (step === "readyForPickup") {
    await enqueueMail(db, {
      template: "order-ready-for-pickup",
      to: order.email,
      payload: {
        customerName: customerName(order),
        orderId: order.id,
        trackUrl: trackUrl(publicUrl, order),
      },
    });
  }
}

/**
 * Takes a fulfilment step for an order (a shipment for 'Mark as shipped'): the status, the
 * audit row and the customer's e-mail are written together, and only from a status the step
 * follows, whatever another member of staff did a moment before.
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
      const message = `An order that is ${orderStatusLabels[order.status].toLowerCase()} cannot be given '${fulfilmentSteps[step].label}'`;
      return { ok: false, reason: "not-allowed", message } as const;
    }
    const status = fulfilmentSteps[step].to;
    const change = step === "shipped" && shipment ? { status, ...shipment } : { status };
    const [updated] = await tx.update(orders).set(change).where(eq(orders.id, orderId)).returning();
    if (!updated) throw new Error(`Order ${orderId} vanished during its update`);
    await recordAudit(tx, actor, {
      action: `order.${step}`,
      subjectType: "order",
      subjectId: orderId,
      before: { status: order.status },
      after: change,
    });
    await mailFor(tx, publicUrl, updated, step);
    return { ok: true, status } as const;
  });
}
