/** Reading orders, and moving a guest's orders to the account they create. */
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { atListPrice, type ListPriceLine, type OrderTotals } from "~core/order-summary";
import type { Database } from "../db/client.server";
import { orderItems, orders } from "../db/schema.server";

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export interface OrderWithItems extends Order {
  items: OrderItem[];
}

/** An order's line as every page reads it: at list price, since the discount has its own line. */
export function lineAtListPrice(item: OrderItem): ListPriceLine {
  return atListPrice({
    name: item.itemName,
    quantity: item.quantity,
    listPriceCents: item.listPriceCents,
  });
}

/** What the order's summary adds up: shipping, discount, tax and what was paid. */
export function totalsOf(order: Order): OrderTotals {
  return {
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
}

/** Whose orders: a registered user's, or a guest's. */
export type OrderOwner = { userId: string } | { guestId: string };

function ownedBy(owner: OrderOwner): SQL {
  return "userId" in owner ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);
}

async function withItems(db: Database, rows: Order[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }));
}

/** Where each of the owner's orders stands, newest first: for the guest's own page. */
export async function orderStatusesOf(
  db: Database,
  owner: OrderOwner,
): Promise<Array<Pick<Order, "id" | "paymentStatus" | "fulfilmentStatus" | "trackingUrl">>> {
  return db
    .select({
      id: orders.id,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      trackingUrl: orders.trackingUrl,
    })
    .from(orders)
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The owner's orders with their items, newest first. */
export async function listOrders(db: Database, owner: OrderOwner): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
}

export async function countOrders(db: Database, owner: OrderOwner): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(ownedBy(owner));
  return row?.total ?? 0;
}

/** The checkout sessions the owner's purchases were paid through, newest first. */
export async function purchaseSessionIds(db: Database, owner: OrderOwner): Promise<string[]> {
  const rows = await db
    .select({ sessionId: orders.checkoutSessionId })
    .from(orders)
    .where(and(ownedBy(owner), eq(orders.kind, "purchase")))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => row.sessionId);
}

/**
 * Gives the orders of a guest that belong to no account yet to the user (each gets userId); an
 * order already in an account stays there. Pass the caller's transaction so that the move and
 * what justifies it happen together.
 */
export async function moveGuestOrdersToUser(
  db: Database,
  guestId: string,
  userId: string,
): Promise<number> {
  const moved = await db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.guestId, guestId), isNull(orders.userId)))
    .returning({ id: orders.id });
  return moved.length;
}

/** The order a checkout session (or a renewal invoice) created, if any. */
export async function findOrderByCheckoutSession(
  db: Database,
  checkoutSessionId: string,
): Promise<OrderWithItems | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId))
    .limit(1);
  const [order] = await withItems(db, rows);
  return order ?? null;
}

/** The first order of a subscription: who its renewals belong to and where they ship. */
export async function findSubscriptionPurchase(
  db: Database,
  subscriptionId: string,
): Promise<Order | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.kind, "purchase")))
    .limit(1);
  return order ?? null;
}
