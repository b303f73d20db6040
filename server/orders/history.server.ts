/** The orders tab: an account's orders, newest first, with their statuses, tracking and return. */
import { canBuyAgain } from "~core/buy-again";
import { trackingLink } from "~core/order-status";
import { returnRefusal } from "~core/returns";
import type { Database } from "../db/client.server";
import { lineAtListPrice, listOrders, type OrderWithItems, totalsOf } from "./queries.server";
import { latestReturns, type ReturnView } from "./returns.server";

/**
 * An order as the orders tab shows it: its lines at list price and totals, both statuses, where
 * it goes, the carrier's page once it ships, and what became of the latest return.
 */
function toAccountOrderView(
  order: OrderWithItems,
  latestReturn: ReturnView | undefined,
  now: Date,
) {
  const orderedLines = order.items.map(({ itemId, quantity }) => ({ itemId, quantity }));
  return {
    id: order.id,
    placedAt: order.createdAt,
    /** A membership's monthly order rather than a purchase. */
    renewal: order.kind === "renewal",
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    items: order.items.map(lineAtListPrice),
    ...totalsOf(order),
    promotionCode: order.promotion?.codeName ?? null,
    shipTo: order.shipTo,
    address: order.address ? { city: order.address.city, state: order.address.state } : null,
    /** The carrier's page, when the order has shipped. */
    trackingUrl: trackingLink(order.trackingUrl),
    latestReturn: latestReturn
      ? {
          status: latestReturn.status,
          message: latestReturn.message,
          labelUrl: latestReturn.labelUrl,
        }
      : null,
    /** Delivered within the return window, with no return under way. */
    returnable: returnRefusal(order, now) === null,
    /** What 'Buy again' puts back in the cart; null when the order holds nothing sold today. */
    buyAgainLines: canBuyAgain(orderedLines) ? orderedLines : null,
  };
}

type AccountOrder = ReturnType<typeof toAccountOrderView>;

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
  return orders.map((order) => toAccountOrderView(order, returns.get(order.id), now));
}
