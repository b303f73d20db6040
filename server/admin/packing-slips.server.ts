/** The orders the back office prints packing slips for. */
import { asc, inArray } from "drizzle-orm";
import { type PackingSlip, packingSlipOf } from "~core/admin/packing-slip";
import type { Database } from "../db/client.server";
import { orderItems, orders } from "../db/schema.server";

export interface PackingSlips {
  /** One slip per order found, in the order the numbers were given. */
  slips: PackingSlip[];
  notFound: string[];
}

/** The packing slips of the orders `orderIds` (upper-case order numbers). */
export async function packingSlipsFor(db: Database, orderIds: string[]): Promise<PackingSlips> {
  if (orderIds.length === 0) return { slips: [], notFound: [] };
  const [found, items] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        firstName: orders.firstName,
        lastName: orders.lastName,
        hasLocalPickup: orders.hasLocalPickup,
        shipTo: orders.shipTo,
        address: orders.address,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    db
      .select({
        orderId: orderItems.orderId,
        itemName: orderItems.itemName,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id)),
  ]);
  const byId = new Map(found.map((order) => [order.id, order]));
  const slips: PackingSlip[] = [];
  const notFound: string[] = [];
  for (const orderId of orderIds) {
    const order = byId.get(orderId);
    if (!order) notFound.push(orderId);
    else
      slips.push(
        packingSlipOf({ ...order, items: items.filter((item) => item.orderId === orderId) }),
      );
  }
  return { slips, notFound };
}
