/**
 * The refund policy as a flow: the customer asks within 30 days of delivery, the shop approves
 * with a prepaid label (the seller pays the shipping) or declines with a message, receives the
 * parcel, then refunds.
 */
import type { FulfilmentStatus, OrderStatuses } from "./order-status";

export const returnWindowDays = 30;
const dayMs = 24 * 60 * 60 * 1000;
const maxReasonLength = 1000;
/** A carrier's label is a page or two; anything bigger is not a label. */
export const maxLabelBytes = 1024 * 1024;

export const returnMessages = {
  reason: `Please tell us why you are returning the order (at most ${maxReasonLength} characters)`,
  tooLate: `Returns are accepted within ${returnWindowDays} days of delivery`,
  notDelivered: "A return can be requested once the order has been delivered",
  refunded: "This order has been refunded in full",
  label: "Please upload the label as a PDF of at most 1 MB, or paste the label's https address",
  declineMessage: "Please tell the customer why the return is declined",
} as const;

/** Where a return stands, in the order it passes through, as the customer and the staff read it. */
export const returnStatusLabels = {
  requested: "Return requested",
  approved: "Return approved",
  declined: "Return declined",
  received: "Return received",
} as const;
export type ReturnStatus = keyof typeof returnStatusLabels;

interface ReturnableOrder extends OrderStatuses {
  deliveredAt: Date | null;
}

/** Why the customer may not ask to return the order now, or null when they may. */
export function returnRefusal(order: ReturnableOrder, now: Date): string | null {
  const { fulfilmentStatus } = order;
  if (
    (fulfilmentStatus !== "delivered" && fulfilmentStatus !== "picked_up") ||
    !order.deliveredAt
  ) {
    return returnMessages.notDelivered;
  }
  if (order.paymentStatus === "refunded") return returnMessages.refunded;
  const daysSince = (now.getTime() - order.deliveredAt.getTime()) / dayMs;
  return daysSince > returnWindowDays ? returnMessages.tooLate : null;
}

/** The reason a customer gives, trimmed, or null when it is missing or too long. */
export function parseReturnReason(value: unknown): string | null {
  const reason = typeof value === "string" ? value.trim() : "";
  return reason.length > 0 && reason.length <= maxReasonLength ? reason : null;
}

export type ReturnLabel = { kind: "url"; url: string } | { kind: "pdf"; pdf: Uint8Array };

const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function isPdf(bytes: Uint8Array): boolean {
  return pdfSignature.every((byte, index) => bytes[index] === byte);
}

/** The label of an 'Approve return' form: an uploaded PDF, else a pasted https address. */
export function parseReturnLabel(fields: {
  pdf: Uint8Array | null;
  url: unknown;
}): ReturnLabel | null {
  if (fields.pdf && fields.pdf.byteLength > 0) {
    return fields.pdf.byteLength <= maxLabelBytes && isPdf(fields.pdf)
      ? { kind: "pdf", pdf: fields.pdf }
      : null;
  }
  const typed = typeof fields.url === "string" ? fields.url.trim() : "";
  if (!URL.canParse(typed) || new URL(typed).protocol !== "https:") return null;
  return { kind: "url", url: new URL(typed).toString() };
}

/** The fulfilment status once a return is declined: where the goods were before the request. */
export function fulfilmentAfterDeclinedReturn(order: {
  hasLocalPickup: boolean;
}): FulfilmentStatus {
  return order.hasLocalPickup ? "picked_up" : "delivered";
}
