/**
 * A packing slip: what goes in the box with an order. It names the order, where it goes and what
 * is in it, never what it cost: it may travel as a gift.
 */
import { localPickupPlace } from "../order-summary";
import type { UsAddress } from "../validation";

export interface PackingSlipOrder {
  id: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  hasLocalPickup: boolean;
  shipTo: string | null;
  address: UsAddress | null;
  items: { itemName: string; quantity: number }[];
}

export interface PackingSlip {
  orderId: string;
  placedAt: Date;
  delivery: { heading: "Ship to" | "Hold for pickup"; lines: string[] };
  lines: { name: string; quantity: number }[];
}

/** Who the box is for, and where it goes: their address, or the grove's pickup. */
export function deliveryOf(
  order: Pick<PackingSlipOrder, "firstName" | "lastName" | "hasLocalPickup" | "shipTo" | "address">,
): PackingSlip["delivery"] {
  const name = order.shipTo?.trim() || `${order.firstName} ${order.lastName}`.trim();
  if (order.hasLocalPickup) return { heading: "Hold for pickup", lines: [name, localPickupPlace] };
  const { address } = order;
  if (!address) return { heading: "Ship to", lines: [name, "No address was given"] };
  const street = [address.line1, address.line2].filter(Boolean).join(", ");
  return {
    heading: "Ship to",
    lines: [name, street, `${address.city}, ${address.state} ${address.postalCode}`],
  };
}

export function packingSlipOf(order: PackingSlipOrder): PackingSlip {
  return {
    orderId: order.id,
    placedAt: order.createdAt,
    delivery: deliveryOf(order),
    lines: order.items.map((item) => ({ name: item.itemName, quantity: item.quantity })),
  };
}
