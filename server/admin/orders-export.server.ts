/**
 * The orders inbox as a CSV file: every order its filters, search and sort match, on all pages,
 * read a batch at a time in the inbox's own order.
 */
import { and, asc, inArray } from "drizzle-orm";
import { type OrdersQuery, orderKindLabels } from "~core/admin/orders-query";
import { type CsvValue, csvAmount } from "~core/csv";
import { fulfilmentStatusLabels, paymentStatusLabels } from "~core/order-status";
import type { Database } from "../db/client.server";
import { orderItems, orders } from "../db/schema.server";
import { csvStream, exportBatchSize } from "./export.server";
import { type KeysetRow, keyset } from "./keyset.server";
import { ordersMatching, ordersSortKeys, readOrders } from "./orders-inbox.server";

export const ordersCsvHeader = [
  "Order",
  "Placed (UTC)",
  "Payment status",
  "Fulfilment status",
  "Kind",
  "Customer",
  "E-mail",
  "Delivery",
  "Ship to",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "ZIP",
  "Items",
  "Subtotal",
  "Shipping",
  "Tax",
  "Discount",
  "Total",
  "Refunded",
  "Promotion code",
  "Affiliate",
  "Carrier",
  "Tracking number",
] as const;

const exportedColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paymentStatus: orders.paymentStatus,
  fulfilmentStatus: orders.fulfilmentStatus,
  kind: orders.kind,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  hasLocalPickup: orders.hasLocalPickup,
  shipTo: orders.shipTo,
  address: orders.address,
  subtotalCents: orders.subtotalCents,
  shippingCents: orders.shippingCents,
  taxCents: orders.taxCents,
  discountCents: orders.discountCents,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  promotion: orders.promotion,
  affiliate: orders.affiliate,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
};

async function batchOfOrders(
  db: Database,
  query: OrdersQuery,
  timeZone: string,
  last: KeysetRow | null,
) {
  const list = keyset(ordersSortKeys[query.sort], orders.id);
  return readOrders(db, query, (reader) =>
    reader
      .select({ ...exportedColumns, sortValue: list.sortValue })
      .from(orders)
      .where(and(ordersMatching(query, timeZone), list.after(last)))
      .orderBy(...list.orderBy)
      .limit(exportBatchSize),
  );
}

type ExportedOrder = Awaited<ReturnType<typeof batchOfOrders>>[number];

/** Each order's lines as one cell: `2 × Luxe 375 ml; 1 × Premium 375 ml`. */
async function itemsOf(db: Database, orderIds: string[]): Promise<Map<string, string>> {
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.itemName,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const items = new Map<string, string>();
  for (const line of lines) {
    const item = `${line.quantity} × ${line.name}`;
    const before = items.get(line.orderId);
    items.set(line.orderId, before ? `${before}; ${item}` : item);
  }
  return items;
}

function orderRow(order: ExportedOrder, items: string): CsvValue[] {
  const { address } = order;
  return [
    order.id,
    order.createdAt.toISOString(),
    paymentStatusLabels[order.paymentStatus],
    fulfilmentStatusLabels[order.fulfilmentStatus],
    orderKindLabels[order.kind],
    `${order.firstName} ${order.lastName}`.trim(),
    order.email,
    order.hasLocalPickup ? "Local pickup" : "Shipping",
    order.shipTo,
    address?.line1 ?? null,
    address?.line2 ?? null,
    address?.city ?? null,
    address?.state ?? null,
    address?.postalCode ?? null,
    items,
    csvAmount(order.subtotalCents),
    csvAmount(order.shippingCents),
    csvAmount(order.taxCents),
    csvAmount(order.discountCents),
    csvAmount(order.totalCents),
    csvAmount(order.refundedCents),
    order.promotion?.codeName ?? null,
    order.affiliate,
    order.carrier,
    order.trackingNumber,
  ];
}

/**
 * The orders `query` matches (its days those of `timeZone`), on every page and in its sort, as a
 * CSV file read as it is sent.
 */
export function ordersCsv(
  db: Database,
  query: OrdersQuery,
  timeZone: string,
): ReadableStream<Uint8Array> {
  return csvStream({
    header: ordersCsvHeader,
    read: (last: ExportedOrder | null) => batchOfOrders(db, query, timeZone, last),
    rows: async (batch) => {
      const items = await itemsOf(
        db,
        batch.map((order) => order.id),
      );
      return batch.map((order) => orderRow(order, items.get(order.id) ?? ""));
    },
  });
}
