/** How the account's orders tab names an order's status and where its tracking link may lead. */

/** Every status an order can have, in the order an order usually passes through them. */
export const orderStatuses = [
  "new",
  "processing",
  "shipped",
  "delivered",
  "ready_for_pickup",
  "picked_up",
  "return_requested",
  "returned",
  "refunded",
  "partially_refunded",
  "cancelled",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Each status as the customer and the staff read it. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  new: "New",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  ready_for_pickup: "Ready for pickup",
  picked_up: "Picked up",
  return_requested: "Return requested",
  returned: "Returned",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  cancelled: "Cancelled",
};

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
