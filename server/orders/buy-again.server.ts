/** 'Buy again' on the orders tab: a past order's bottles and sets back in the shopper's cart. */
import { and, asc, eq } from "drizzle-orm";
import { addBuyAgainPlan, buyAgainMessage, type OrderedLine, planBuyAgain } from "~core/buy-again";
import { readAccessCookie } from "../access/access.server";
import { keepCart, readCart } from "../cart/cart-cookie.server";
import type { Database } from "../db/client.server";
import { orderItems, orders } from "../db/schema.server";
import type { ShopContext } from "../http/context.server";

/** The lines of the user's own order; null when `orderId` names no order of theirs. */
export async function orderedLinesOf(
  db: Database,
  userId: string,
  orderId: string,
): Promise<OrderedLine[] | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  return db
    .select({ itemId: orderItems.itemId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
}

/**
 * 'Buy again' posted as a form: the user's order's bottles and sets are added to the cart of
 * the request's cookie. The Set-Cookie header that keeps the cart and what to tell the shopper,
 * or not found for an order that is not the user's.
 */
export async function buyAgainIntoCartCookie(
  services: Pick<ShopContext, "db" | "config">,
  request: Request,
  userId: string,
  orderId: string,
): Promise<{ ok: true; setCookie: string; message: string } | { ok: false }> {
  const lines = await orderedLinesOf(services.db, userId, orderId);
  if (!lines) return { ok: false };
  const access = readAccessCookie(request.headers.get("Cookie"), services.config);
  const plan = planBuyAgain(lines, access);
  const { cart, added } = addBuyAgainPlan(readCart(request, services.config), plan);
  return {
    ok: true,
    setCookie: keepCart(cart, services.config),
    message: buyAgainMessage(added, plan.skipped),
  };
}
