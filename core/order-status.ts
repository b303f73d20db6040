/**
 * An order's two statuses: where its money stands (payment) and where its goods stand
 * (fulfilment), each value with the words the customer and the staff read; and where an order's
 * tracking link may lead.
 */

/** Where the money stands: paid, then given back in part or in full. */
export const paymentStatusLabels = {
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
} as const;
export type PaymentStatus = keyof typeof paymentStatusLabels;

/** Where the goods stand, in the order an order usually passes through them. */
export const fulfilmentStatusLabels = {
  unfulfilled: "Unfulfilled",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  ready_for_pickup: "Ready for pickup",
  picked_up: "Picked up",
  return_requested: "Return requested",
  returned: "Returned",
  cancelled: "Cancelled",
} as const;
export type FulfilmentStatus = keyof typeof fulfilmentStatusLabels;

/** A table's values in its order, as the non-empty list the database's enum and zod take. */
function valuesOf<Value extends string>(table: Record<Value, string>): [Value, ...Value[]] {
  return Object.keys(table) as [Value, ...Value[]];
}

export const paymentStatuses = valuesOf(paymentStatusLabels);
export const fulfilmentStatuses = valuesOf(fulfilmentStatusLabels);

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && Object.hasOwn(paymentStatusLabels, value);
}

export function isFulfilmentStatus(value: unknown): value is FulfilmentStatus {
  return typeof value === "string" && Object.hasOwn(fulfilmentStatusLabels, value);
}

/** An order's two statuses, as every reader of an order has them. */
export interface OrderStatuses {
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
}

/**
 * The two statuses as a sentence ends: `shipped`, `delivered and partially refunded`. A paid
 * order goes without saying.
 */
export function statusesInWords(order: OrderStatuses): string {
  const fulfilment = fulfilmentStatusLabels[order.fulfilmentStatus].toLowerCase();
  if (order.paymentStatus === "paid") return fulfilment;
  return `${fulfilment} and ${paymentStatusLabels[order.paymentStatus].toLowerCase()}`;
}

export const noTrackingYet = "Tracking information not available yet";

/** The carrier's address as a link target: only an http(s) address, never a script. */
export function trackingLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
