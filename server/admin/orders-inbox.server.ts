/**
 * The back office's orders inbox: one page of orders for a query, and the count of each
 * fulfilment status (its tabs) and each payment status (its payment filter).
 */
import { and, count, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from "drizzle-orm";
import { createdBetween } from "~core/admin/days";
import {
  type InboxCounts,
  inboxCounts,
  type OrderKind,
  type OrdersQuery,
  type OrdersSort,
  ordersPageCount,
  ordersPageSize,
} from "~core/admin/orders-query";
import type { FulfilmentStatus, PaymentStatus } from "~core/order-status";
import type { Database } from "../db/client.server";
import { orderItems, orders } from "../db/schema.server";
import { inKeysetOrder, type KeysetOrder } from "./keyset.server";

export interface InboxRow {
  id: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  kind: OrderKind;
  hasLocalPickup: boolean;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  totalCents: number;
  /** Bottles, sets and memberships: the sum of the lines' quantities. */
  itemCount: number;
}

export interface InboxPage {
  orders: InboxRow[];
  /** Orders matching the whole query, on every page. */
  total: number;
  page: number;
  pageCount: number;
  counts: InboxCounts;
}

/** The user's text matched literally by LIKE: its `%`, `_` and `\` are no wildcards. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The start of the order number (order numbers are upper-case, so the text is upper-cased to
 * match them by their prefix index), or a part of the e-mail or of the full name, in any case.
 */
function matchesSearch(text: string): SQL | undefined {
  const pattern = escapeLikePattern(text);
  return or(
    like(orders.id, `${pattern.toUpperCase()}%`),
    ilike(orders.email, `%${pattern}%`),
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, `%${pattern}%`),
  );
}

/** Every filter and the search of `query` but its two statuses; days are days of `timeZone`, the shop's. */
function filtersButStatuses(query: OrdersQuery, timeZone: string): SQL | undefined {
  const { start, end } = createdBetween(query, timeZone);
  return and(
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.pickup ? eq(orders.hasLocalPickup, query.pickup === "only") : undefined,
    start ? gte(orders.createdAt, start) : undefined,
    end ? lt(orders.createdAt, end) : undefined,
    query.q ? matchesSearch(query.q) : undefined,
  );
}

/** The column each sort reads the orders by; the order number breaks its ties. */
export const ordersSortKeys = {
  newest: { column: orders.createdAt, descending: true },
  oldest: { column: orders.createdAt, descending: false },
  "total-desc": { column: orders.totalCents, descending: true },
  "total-asc": { column: orders.totalCents, descending: false },
} satisfies Record<OrdersSort, KeysetOrder>;

function ordersInSortOrder(sort: OrdersSort): SQL[] {
  return inKeysetOrder(ordersSortKeys[sort], orders.id);
}

/** The orders matching every filter and the search of `query`, whatever their page. */
export function ordersMatching(query: OrdersQuery, timeZone: string): SQL | undefined {
  return and(
    filtersButStatuses(query, timeZone),
    query.fulfilment ? eq(orders.fulfilmentStatus, query.fulfilment) : undefined,
    query.payment ? eq(orders.paymentStatus, query.payment) : undefined,
  );
}

/** The orders `where` matches, counted by each pair of statuses they have. */
function countByStatuses(db: Database, where: SQL | undefined) {
  return db
    .select({
      fulfilmentStatus: orders.fulfilmentStatus,
      paymentStatus: orders.paymentStatus,
      count: count(),
    })
    .from(orders)
    .where(where)
    .groupBy(orders.fulfilmentStatus, orders.paymentStatus);
}

async function pageOfOrders(db: Database, query: OrdersQuery, where: SQL | undefined) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      kind: orders.kind,
      hasLocalPickup: orders.hasLocalPickup,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(where)
    .orderBy(...ordersInSortOrder(query.sort))
    .limit(ordersPageSize)
    .offset((query.page - 1) * ordersPageSize);
}

async function itemCounts(db: Database, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      items: sql<number>`cast(sum(${orderItems.quantity}) as integer)`.mapWith(Number),
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((row) => [row.orderId, row.items]));
}

async function readInbox(db: Database, query: OrdersQuery, timeZone: string) {
  const counted = await countByStatuses(db, filtersButStatuses(query, timeZone));
  const rows = await pageOfOrders(db, query, ordersMatching(query, timeZone));
  return { counts: inboxCounts(counted, query), rows };
}

const trigramLength = 3;

/**
 * Runs `read`, a read of the orders `query` matches, with the plan its search needs. A search
 * reads its matches through the search indexes, then sorts them. Left to itself, the
 * planner may instead walk the date index or read the whole table, testing every order, when it
 * guesses a rare name to be common: its guess for a text pattern swings with the statistics
 * sample, and PGlite, which never analyses by itself, has none. Sorting the matches costs no more
 * than counting them, which the status tabs need anyway. Text shorter than a trigram cannot use
 * the trigram indexes and matches most orders: the planner's own choice is kept for it.
 */
export async function readOrders<T>(
  db: Database,
  query: OrdersQuery,
  read: (db: Database) => Promise<T>,
): Promise<T> {
  if (!query.q || query.q.length < trigramLength) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  });
}

/**
 * The inbox page `query` asks for, its days those of `timeZone`; a page past the end is empty
 * but still counts the orders.
 */
export async function findInboxOrders(
  db: Database,
  query: OrdersQuery,
  timeZone: string,
): Promise<InboxPage> {
  const { counts, rows } = await readOrders(db, query, (reader) =>
    readInbox(reader, query, timeZone),
  );
  const items = await itemCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((row) => ({ ...row, itemCount: items.get(row.id) ?? 0 })),
    total: counts.matching,
    page: query.page,
    pageCount: ordersPageCount(counts.matching),
    counts,
  };
}
