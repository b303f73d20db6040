/** How the account's orders tab names an order's status and where its tracking link may lead. */

/** Every status the shop owner can give an order, as the customer reads it. */
export const orderStatusLabels = {
  new: "New",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  return_requested: "Return requested",
  refunded: "Refunded",
} as const;

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
