/**
 * What may be given back for an order, and how a refund or a cancellation changes its statuses.
 * The money an order has taken is its total; what is left to refund is the total minus what was
 * refunded or is being refunded.
 */
import type { FulfilmentStatus, OrderStatuses, PaymentStatus } from "./order-status";

export const refundMessages = {
  amount: "Please enter an amount in dollars, such as 12.50",
  tooMuch: (left: string) => `No more than ${left} is left to refund`,
  nothingLeft: "Everything paid for this order has been refunded",
  reason: "Please give a reason (at most 500 characters)",
  key: "This form has expired: please reload the page and try again",
  notCancellable: "Only an order that has not been shipped or handed over can be cancelled",
  leftChanged: (left: string) =>
    `What is left to refund changed to ${left} meanwhile: nothing was refunded. Please cancel again`,
} as const;

/** Where a refund stands: asked of the payment provider, made, or refused by it. */
export const refundStatuses = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * A confirmation already answered, by what became of its refund: pressed again (a double click,
 * the browser's back button, an old tab), it refunds nothing and says so.
 */
export const usedConfirmationMessages = {
  succeeded: "This refund was already made: nothing more was refunded",
  pending: "This refund is already being made: nothing more was refunded",
  failed:
    "This refund already failed and nothing was refunded: please start it again from the form",
} as const satisfies Record<RefundStatus, string>;

const maxReasonLength = 500;

/**
 * A refund's key: a random id the server gives each confirmation it asks for, so that the same
 * confirmation sent twice finds the first.
 */
const refundKeyPattern = /^[A-Za-z0-9_-]{16,64}$/;

export function isRefundKey(value: unknown): value is string {
  return typeof value === "string" && refundKeyPattern.test(value);
}

/** Dollars as staff type them ("12", "12.5", "$12.50", "1,200.00") in cents, or null. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null;
  const [dollars = "0", cents = ""] = plain.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}

/** A refund's reason: trimmed, not empty, not endless; null otherwise. */
export function parseRefundReason(value: unknown): string | null {
  const reason = typeof value === "string" ? value.trim() : "";
  return reason.length > 0 && reason.length <= maxReasonLength ? reason : null;
}

/** The refund a 'Refund' form asks for, before staff confirm it. */
export interface RequestedRefund {
  amountCents: number;
  reason: string;
}

export type RefundRequestResult =
  | { ok: true; refund: RequestedRefund }
  | { ok: false; fieldErrors: Partial<Record<"amount" | "reason", string>> };

/** The refund a 'Refund' form asks for: an amount in dollars and its reason. */
export function parseRefundRequest(fields: {
  amount: unknown;
  reason: unknown;
}): RefundRequestResult {
  const amountCents = typeof fields.amount === "string" ? parseDollars(fields.amount) : null;
  if (amountCents === null || amountCents <= 0) {
    return { ok: false, fieldErrors: { amount: refundMessages.amount } };
  }
  const reason = parseRefundReason(fields.reason);
  if (!reason) return { ok: false, fieldErrors: { reason: refundMessages.reason } };
  return { ok: true, refund: { amountCents, reason } };
}

/** An order that has given back everything, or was cancelled, takes no more refunds. */
export function canRefund(order: OrderStatuses, leftCents: number): boolean {
  return (
    order.paymentStatus !== "refunded" && order.fulfilmentStatus !== "cancelled" && leftCents > 0
  );
}

/** The payment status of an order of `totalCents` once `refundedCents` have been given back. */
export function paymentStatusOf(order: {
  totalCents: number;
  refundedCents: number;
}): PaymentStatus {
  if (order.refundedCents <= 0) return "paid";
  return order.refundedCents >= order.totalCents ? "refunded" : "partially_refunded";
}

/** Fulfilment statuses in which nothing has left the shop yet: such an order may still be cancelled. */
const unsentStatuses: readonly FulfilmentStatus[] = [
  "unfulfilled",
  "processing",
  "ready_for_pickup",
];

/** 'Cancel order' is for an order not yet shipped or handed over, with money left to refund. */
export function canCancel(order: OrderStatuses): boolean {
  return unsentStatuses.includes(order.fulfilmentStatus) && order.paymentStatus !== "refunded";
}

/**
 * The statuses once a refund brings what was given back to `refundedCents`. Cancelling makes
 * the order 'Cancelled'; so does a refund in full of an order that has not left the shop, which
 * may no longer be sent.
 */
export function statusesAfterRefund(
  order: OrderStatuses & { totalCents: number },
  refundedCents: number,
  cancelling: boolean,
): OrderStatuses {
  const paymentStatus = paymentStatusOf({ totalCents: order.totalCents, refundedCents });
  const unsent = unsentStatuses.includes(order.fulfilmentStatus);
  const cancelled = cancelling || (paymentStatus === "refunded" && unsent);
  return { paymentStatus, fulfilmentStatus: cancelled ? "cancelled" : order.fulfilmentStatus };
}

/**
 * Why a refund of `amountCents` (or a cancellation refunding it) cannot be made when `leftCents`
 * is left to refund; null when it can. A cancellation refunds exactly what is left: an amount
 * shown before something else was refunded no longer is.
 */
export function refundRefusal(
  order: Parameters<typeof canCancel>[0] & Parameters<typeof canRefund>[0],
  ask: { kind: "refund" | "cancel"; amountCents: number },
  leftCents: number,
  formatMoney: (cents: number) => string,
): string | null {
  if (ask.kind === "cancel" && !canCancel(order)) return refundMessages.notCancellable;
  if (!canRefund(order, leftCents)) return refundMessages.nothingLeft;
  if (ask.kind === "cancel" && ask.amountCents !== leftCents) {
    return refundMessages.leftChanged(formatMoney(leftCents));
  }
  return ask.amountCents > leftCents ? refundMessages.tooMuch(formatMoney(leftCents)) : null;
}
