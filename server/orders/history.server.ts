/** The orders tab: an account's orders, newest first, with their status and tracking. */
import { type OrderStatus, trackingLink } from "~/core/order-status";
import type { Database } from "../db/client.server";
import { type ConfirmedOrder, confirmedOrder } from "./confirmation.server";
import { listOrders } from "./queries.server";

export interface AccountOrder extends ConfirmedOrder {
  placedAt: Date;
  status: OrderStatus;
  /** The carrier's page, when the order has shipped. */
  trackingUrl: string | null;
  /** A membership's monthly order rather than a purchase. */
  renewal: boolean;
}

export async function accountOrders(db: Database, userId: string): Promise<AccountOrder[]> {
  const orders = await listOrders(db, { userId });
  return orders.map((order) => ({
    ...confirmedOrder(order),
    placedAt: order.createdAt,
    status: order.status,
    trackingUrl: trackingLink(order.trackingUrl),
    renewal: order.kind === "renewal",
  }));
}
