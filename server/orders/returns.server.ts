/**
 * Returns: the customer's request, and the shop's decision, the parcel's arrival and its label.
 * Each step is one transaction: the return, the order's fulfilment status, the audit row of a staff step
 * and the customer's e-mail. The refund that ends a return is an ordinary refund.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { AuditAction } from "~core/audit-actions";
import { statusesInWords } from "~core/order-status";
import {
  fulfilmentAfterDeclinedReturn,
  parseReturnReason,
  type ReturnLabel,
  type ReturnStatus,
  returnMessages,
  returnRefusal,
} from "~core/returns";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Failure } from "../auth/outcome.server";
import type { Database } from "../db/client.server";
import { orderReturns, orders } from "../db/schema.server";
import { randomId } from "../ids.server";
import { enqueueMail } from "../mail/outbox.server";
import { orderCustomerName } from "./order-mail.server";
import type { Order } from "./queries.server";

export type OrderReturn = typeof orderReturns.$inferSelect;

/** A return as the customer and the staff see it; the PDF stays in the database. */
export interface ReturnView {
  status: ReturnStatus;
  reason: string;
  message: string | null;
  labelUrl: string | null;
  requestedAt: Date;
}

export type ReturnOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; message: string };

const notFound = { ok: false, reason: "not-found" } as const;
const refused = (message: string) => ({ ok: false, reason: "not-allowed", message }) as const;

/** Where the customer downloads a PDF label: the token is the only key to it. */
export function returnLabelPath(token: string): string {
  return `/return-label/${token}`;
}

function viewOf(row: OrderReturn): ReturnView {
  return {
    status: row.status,
    reason: row.reason,
    message: row.message,
    labelUrl: row.labelUrl ?? (row.labelToken ? returnLabelPath(row.labelToken) : null),
    requestedAt: row.requestedAt,
  };
}

/** Each order's latest return, for the orders named. */
export async function latestReturns(
  db: Database,
  orderIds: string[],
): Promise<Map<string, ReturnView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orderReturns)
    .where(inArray(orderReturns.orderId, orderIds))
    .orderBy(desc(orderReturns.id));
  const latest = new Map<string, ReturnView>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, viewOf(row));
  return latest;
}

/** Every return of one order, oldest first, for its timeline. */
export async function returnsOf(db: Database, orderId: string): Promise<ReturnView[]> {
  const rows = await db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(orderReturns.id);
  return rows.map(viewOf);
}

/** The orders tab's 'Request a return': the reason checked, then the request, as a form answer. */
export async function requestAccountReturn(
  db: Database,
  userId: string,
  orderId: string,
  reason: unknown,
): Promise<{ ok: true } | Failure> {
  const parsed = parseReturnReason(reason);
  if (!parsed) return refusal(400, "INVALID_REASON", returnMessages.reason);
  const outcome = await requestReturn(db, userId, orderId, parsed);
  if (outcome.ok) return outcome;
  return outcome.reason === "not-found"
    ? refusal(404, "NOT_FOUND", "There is no such order")
    : refusal(409, "RETURN_REFUSED", outcome.message);
}

function refusal(status: number, code: string, message: string): Failure {
  return { ok: false, status, error: { message, code } };
}

/** The customer `userId` asks to return their order `orderId`, saying why. */
export async function requestReturn(
  db: Database,
  userId: string,
  orderId: string,
  reason: string,
  now = new Date(),
): Promise<ReturnOutcome> {
  return db.transaction(async (tx): Promise<ReturnOutcome> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for("update");
    if (!order) return notFound;
    const refusal = returnRefusal(order, now);
    if (refusal) return refused(refusal);
    await tx.insert(orderReturns).values({ orderId, reason });
    await tx
      .update(orders)
      .set({ fulfilmentStatus: "return_requested" })
      .where(eq(orders.id, orderId));
    return { ok: true };
  });
}

type StaffStep = "approve" | "decline" | "receive";

interface StepRule {
  from: ReturnStatus;
  to: ReturnStatus;
  action: AuditAction;
}

const stepRules: Record<StaffStep, StepRule> = {
  approve: { from: "requested", to: "approved", action: "order.return_approved" },
  decline: { from: "requested", to: "declined", action: "order.return_declined" },
  receive: { from: "approved", to: "received", action: "order.return_received" },
};

function stepRefusal(step: StaffStep, order: Order): string {
  const status = statusesInWords(order);
  return step === "receive"
    ? `Only an approved return can be received; this order is ${status}`
    : `There is no return request to answer; this order is ${status}`;
}

/** Runs one staff step on the order's open return, with the order row locked. */
async function returnStep(
  db: Database,
  actor: AuditActor,
  orderId: string,
  step: StaffStep,
  change: (tx: Database, order: Order, open: OrderReturn) => Promise<Record<string, unknown>>,
): Promise<ReturnOutcome> {
  return db.transaction(async (tx): Promise<ReturnOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return notFound;
    const rule = stepRules[step];
    const [open] = await tx
      .select()
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, rule.from)));
    if (!open) return refused(stepRefusal(step, order));
    const after = await change(tx, order, open);
    await recordAudit(tx, actor, {
      action: rule.action,
      subjectType: "order",
      subjectId: orderId,
      before: {
        fulfilmentStatus: order.fulfilmentStatus,
        paymentStatus: order.paymentStatus,
        returnStatus: open.status,
      },
      after: {
        returnStatus: rule.to,
        fulfilmentStatus: order.fulfilmentStatus,
        paymentStatus: order.paymentStatus,
        ...after,
      },
    });
    return { ok: true };
  });
}

/** 'Approve return': the prepaid label goes to the customer by e-mail. */
export function approveReturn(
  db: Database,
  publicUrl: string,
  actor: AuditActor,
  orderId: string,
  label: ReturnLabel,
): Promise<ReturnOutcome> {
  return returnStep(db, actor, orderId, "approve", async (tx, order, open) => {
    const token = randomId("", 24);
    await tx
      .update(orderReturns)
      .set({
        status: "approved",
        decidedAt: new Date(),
        labelUrl: label.kind === "url" ? label.url : null,
        labelPdf: label.kind === "pdf" ? label.pdf : null,
        labelToken: label.kind === "pdf" ? token : null,
      })
      .where(eq(orderReturns.id, open.id));
    const labelUrl = label.kind === "url" ? label.url : `${publicUrl}${returnLabelPath(token)}`;
    await enqueueMail(tx, {
      template: "return-approved",
      to: order.email,
      payload: { customerName: orderCustomerName(order), orderId: order.id, labelUrl },
    });
    return { label: label.kind === "pdf" ? "PDF" : label.url };
  });
}

/** 'Decline return': the goods are back where they stood, delivered or picked up; the customer reads why. */
export function declineReturn(
  db: Database,
  actor: AuditActor,
  orderId: string,
  message: string,
): Promise<ReturnOutcome> {
  return returnStep(db, actor, orderId, "decline", async (tx, order, open) => {
    const fulfilmentStatus = fulfilmentAfterDeclinedReturn(order);
    await tx
      .update(orderReturns)
      .set({ status: "declined", decidedAt: new Date(), message })
      .where(eq(orderReturns.id, open.id));
    await tx.update(orders).set({ fulfilmentStatus }).where(eq(orders.id, order.id));
    await enqueueMail(tx, {
      template: "return-declined",
      to: order.email,
      payload: { customerName: orderCustomerName(order), orderId: order.id, message },
    });
    return { fulfilmentStatus, message };
  });
}

/** 'Return received': the parcel is back; the refund comes next. */
export function receiveReturn(
  db: Database,
  actor: AuditActor,
  orderId: string,
): Promise<ReturnOutcome> {
  return returnStep(db, actor, orderId, "receive", async (tx, order, open) => {
    await tx
      .update(orderReturns)
      .set({ status: "received", receivedAt: new Date() })
      .where(eq(orderReturns.id, open.id));
    await tx.update(orders).set({ fulfilmentStatus: "returned" }).where(eq(orders.id, order.id));
    return { fulfilmentStatus: "returned" };
  });
}

/** The PDF label a token names, or null. */
export async function returnLabelPdf(db: Database, token: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ pdf: orderReturns.labelPdf })
    .from(orderReturns)
    .where(eq(orderReturns.labelToken, token));
  return row?.pdf ?? null;
}
