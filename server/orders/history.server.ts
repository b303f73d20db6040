/** The orders tab: an account's orders, newest first, with their statuses, tracking and return. */
import { type OrderStatuses, trackingLink } from "~core/order-status";
import { returnRefusal } from "~core/returns";
import type { Database } from "../db/client.server";
import { type ConfirmedOrder, confirmedOrder } from "./confirmation.server";
import { listOrders } from "./queries.server";
import { latestReturns, type ReturnView } from "./returns.server";

export interface AccountOrder extends ConfirmedOrder, OrderStatuses {
  placedAt: Date;
  /** The carrier's page, when the order has shipped. */
  trackingUrl: string | null;
  /** A membership's monthly order rather than a purchase. */
  renewal: boolean;
  /** What became of the customer's latest request to return it. */
  latestReturn: Pick<ReturnView, "status" | "message" | "labelUrl"> | null;
  /** Delivered within the return window, with no return under way. */
  returnable: boolean;
}

export async function accountOrders(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<AccountOrder[]> {
  const orders = await listOrders(db, { userId });
  const returns = await latestReturns(
    db,
    orders.map((order) => order.id),
  );
  return orders.map((order) => {
    const latest = returns.get(order.id);
    return {
      ...confirmedOrder(order),
      placedAt: order.createdAt,
      paymentStatus: order.paymentStatus,
      fulfilmentStatus: order.fulfilmentStatus,
      trackingUrl: trackingLink(order.trackingUrl),
      renewal: order.kind === "renewal",
      latestReturn: latest
        ? { status: latest.status, message: latest.message, labelUrl: latest.labelUrl }
        : null,
      returnable: returnRefusal(order, now) === null,
    };
  });
}
