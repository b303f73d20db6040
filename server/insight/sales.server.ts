/**
 * The sales figures of a period, summed by the database from the orders as they were charged
 * (docs/decisions/0078): counted orders are those placed in the period, by the shop's calendar,
 * and not cancelled; gross sales are their lines' list price × quantity. A period whose
 * midnights fall on whole hours of UTC is read from the hourly rollups (docs/decisions/0083),
 * which the database keeps equal to those sums; any other is summed from the orders.
 */
import { and, desc, eq, gte, inArray, lt, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { createdBetween } from "~core/admin/days";
import { type DayRange, midnightsOnTheHour, type OrderSums } from "~core/insight";
import type { Database } from "../db/client.server";
import {
  influencers,
  insightCustomerHours,
  insightCustomers,
  insightGroupHours,
  insightItemHours,
  insightSalesHours,
  orderItems,
  orders,
} from "../db/schema.server";

/** The instants a range of the shop's days covers, `>= start` and `< end`. */
export function instantsOf(range: DayRange, timeZone: string): { start: Date; end: Date } {
  const { start, end } = createdBetween(range, timeZone);
  if (!start || !end) throw new Error("a range has both its days");
  return { start, end };
}

/** The rollup rows of a range's hours, from the hour its first day starts to the one its last ends. */
export function hoursOf(hour: PgColumn, range: DayRange, timeZone: string): SQL {
  const { start, end } = instantsOf(range, timeZone);
  return and(gte(hour, start), lt(hour, end)) as SQL;
}

/** The shop's day an hour of a rollup falls in, `2026-11-26`. */
export function dayOfHour(hour: PgColumn, timeZone: string): SQL<string> {
  return sql<string>`to_char(${hour} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** The orders a period counts: placed within it, and not cancelled. */
export function countedOrders(range: DayRange, timeZone: string): SQL {
  const { start, end } = instantsOf(range, timeZone);
  return and(
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
    ne(orders.fulfilmentStatus, "cancelled"),
  ) as SQL;
}

/** An order's gross sales: its lines' list price × quantity. */
const orderGrossCents = sql<number>`(select coalesce(sum(i.quantity * i.list_price_cents), 0) from order_item i where i.order_id = "order"."id")`;

const total = (column: SQLWrapper) =>
  sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number);

/** The sums of a group of orders, as a select list. */
const orderSumColumns = {
  orders: sql<number>`count(*)::int`.mapWith(Number),
  grossCents: total(orderGrossCents),
  discountCents: total(orders.discountCents),
  refundedCents: total(orders.refundedCents),
  shippingCents: total(orders.shippingCents),
  taxCents: total(orders.taxCents),
};

/**
 * The select list's first column, to group and sort by: an expression with parameters written
 * again would be a different expression to the database (`$1` is not `$5`).
 */
export const firstColumn = sql`1`;

/** The shop's day an order was placed on, `2026-11-26`. */
function orderDay(timeZone: string): SQL<string> {
  return sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** The sums of a rollup's rows, as a select list. */
function rolledUpSumColumns(table: typeof insightSalesHours | typeof insightGroupHours) {
  return {
    orders: sql<number>`coalesce(sum(${table.orders}), 0)::int`.mapWith(Number),
    grossCents: total(table.grossCents),
    discountCents: total(table.discountCents),
    refundedCents: total(table.refundedCents),
    shippingCents: total(table.shippingCents),
    taxCents: total(table.taxCents),
  };
}

export interface DaySums extends OrderSums {
  day: string;
}

/** The sums of each day of `range` that has counted orders, in order of days. */
export async function salesByDay(
  db: Database,
  range: DayRange,
  timeZone: string,
): Promise<DaySums[]> {
  if (midnightsOnTheHour(range, timeZone)) {
    return db
      .select({
        day: dayOfHour(insightSalesHours.hour, timeZone),
        ...rolledUpSumColumns(insightSalesHours),
      })
      .from(insightSalesHours)
      .where(hoursOf(insightSalesHours.hour, range, timeZone))
      .groupBy(firstColumn)
      .orderBy(firstColumn);
  }
  const day = orderDay(timeZone);
  return db
    .select({ day, ...orderSumColumns })
    .from(orders)
    .where(countedOrders(range, timeZone))
    .groupBy(firstColumn)
    .orderBy(firstColumn);
}

export interface ItemSales {
  itemId: string;
  itemName: string;
  units: number;
  grossCents: number;
}

/** The items of the counted orders, highest gross sales first. */
export async function topItems(
  db: Database,
  range: DayRange,
  timeZone: string,
  limit = 10,
): Promise<ItemSales[]> {
  if (midnightsOnTheHour(range, timeZone)) {
    const rolledUpGross = total(insightItemHours.grossCents);
    return db
      .select({
        itemId: insightItemHours.itemId,
        itemName: insightItemHours.itemName,
        units: sql<number>`sum(${insightItemHours.units})::int`.mapWith(Number),
        grossCents: rolledUpGross,
      })
      .from(insightItemHours)
      .where(hoursOf(insightItemHours.hour, range, timeZone))
      .groupBy(insightItemHours.itemId, insightItemHours.itemName)
      .orderBy(desc(rolledUpGross), insightItemHours.itemId)
      .limit(limit);
  }
  const grossCents =
    sql<number>`sum(${orderItems.quantity} * ${orderItems.listPriceCents})::float8`.mapWith(Number);
  return db
    .select({
      itemId: orderItems.itemId,
      itemName: orderItems.itemName,
      units: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number),
      grossCents,
    })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .where(countedOrders(range, timeZone))
    .groupBy(orderItems.itemId, orderItems.itemName)
    .orderBy(desc(grossCents), orderItems.itemId)
    .limit(limit);
}

/** The influencer whose coupon a promotion code is: the first, should two share a code. */
function influencerOfCode(code: SQLWrapper): SQL<string> {
  return sql<string>`(select ${influencers.slug} from ${influencers} where upper(${influencers.couponCode}) = upper(${code}) order by ${influencers.id} limit 1)`;
}

/** What the sales of a period are broken down by. */
export const salesGroupings = {
  promotion: sql<string>`${orders.promotion}->>'codeName'`,
  affiliate: sql<string>`${orders.affiliate}`,
  influencer: influencerOfCode(sql`${orders.promotion}->>'codeName'`),
} as const;
export type SalesGrouping = keyof typeof salesGroupings;

export interface GroupSales extends OrderSums {
  key: string;
}

/** The counted orders' sums by promotion code, referral id or influencer; orders without one are left out. */
export async function salesBy(
  db: Database,
  grouping: SalesGrouping,
  range: DayRange,
  timeZone: string,
): Promise<GroupSales[]> {
  if (midnightsOnTheHour(range, timeZone)) {
    // An influencer's sales are those of its coupon's code, looked up as the figures are asked.
    const rolledUp = grouping === "affiliate" ? "affiliate" : "promotion";
    const rolledUpKey =
      grouping === "influencer"
        ? influencerOfCode(insightGroupHours.key)
        : sql<string>`${insightGroupHours.key}`;
    return db
      .select({ key: rolledUpKey, ...rolledUpSumColumns(insightGroupHours) })
      .from(insightGroupHours)
      .where(
        and(
          eq(insightGroupHours.grouping, rolledUp),
          hoursOf(insightGroupHours.hour, range, timeZone),
          sql`${rolledUpKey} is not null`,
        ),
      )
      .groupBy(firstColumn)
      .orderBy(desc(sql`sum(${insightGroupHours.grossCents})`), firstColumn);
  }
  const key = salesGroupings[grouping];
  const rows = await db
    .select({ key, ...orderSumColumns })
    .from(orders)
    .where(and(countedOrders(range, timeZone), sql`${key} is not null`))
    .groupBy(firstColumn)
    .orderBy(desc(sql`sum(${orderGrossCents})`), firstColumn);
  return rows;
}

export interface OrderBehind {
  id: string;
  createdAt: Date;
  email: string;
  kind: "purchase" | "renewal";
  grossCents: number;
  discountCents: number;
  refundedCents: number;
}

/** The counted orders of one promotion code, referral id or influencer, newest first. */
export async function ordersBehind(
  db: Database,
  grouping: SalesGrouping,
  key: string,
  range: DayRange,
  timeZone: string,
  limit = 200,
): Promise<OrderBehind[]> {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      email: orders.email,
      kind: orders.kind,
      grossCents: sql<number>`${orderGrossCents}::float8`.mapWith(Number),
      discountCents: orders.discountCents,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(and(countedOrders(range, timeZone), sql`${salesGroupings[grouping]} = ${key}`))
    .orderBy(desc(orders.createdAt), orders.id)
    .limit(limit);
}

export interface CustomerCounts {
  newCustomers: number;
  returningCustomers: number;
}

/**
 * The e-mails (lower case, guests included) with a counted order in the period: new when none of
 * theirs was counted before it, returning otherwise.
 */
export async function customerCounts(
  db: Database,
  range: DayRange,
  timeZone: string,
): Promise<CustomerCounts> {
  if (midnightsOnTheHour(range, timeZone)) {
    // New: the e-mails whose first counted hour is in the period; the others of it returned.
    const counted = (expression: SQL) => sql<number>`${expression}::int`.mapWith(Number);
    const [[inPeriod], [first]] = await Promise.all([
      db
        .select({ customers: counted(sql`count(distinct ${insightCustomerHours.email})`) })
        .from(insightCustomerHours)
        .where(hoursOf(insightCustomerHours.hour, range, timeZone)),
      db
        .select({ newCustomers: counted(sql`count(*)`) })
        .from(insightCustomers)
        .where(hoursOf(insightCustomers.firstHour, range, timeZone)),
    ]);
    const customers = inPeriod?.customers ?? 0;
    const newCustomers = first?.newCustomers ?? 0;
    return { newCustomers, returningCustomers: customers - newCustomers };
  }
  const { start } = instantsOf(range, timeZone);
  const emails = db
    .selectDistinct({ email: sql<string>`lower(${orders.email})`.as("email") })
    .from(orders)
    .where(countedOrders(range, timeZone))
    .as("emails");
  // The e-mail named with its subquery's name: alone, `"email"` would be the earlier order's.
  const customers = db
    .select({
      returning:
        sql<boolean>`exists (select 1 from "order" earlier_order where lower(earlier_order.email) = "emails"."email" and earlier_order.created_at < ${start} and earlier_order.fulfilment_status <> 'cancelled')`.as(
          "returning",
        ),
    })
    .from(emails)
    .as("customers");
  const [row] = await db
    .select({
      newCustomers: sql<number>`count(*) filter (where not ${customers.returning})::int`.mapWith(
        Number,
      ),
      returningCustomers: sql<number>`count(*) filter (where ${customers.returning})::int`.mapWith(
        Number,
      ),
    })
    .from(customers);
  return row ?? { newCustomers: 0, returningCustomers: 0 };
}

/** Orders not yet sent: unfulfilled, and being prepared. */
export async function ordersAwaitingFulfilment(
  db: Database,
): Promise<{ unfulfilled: number; processing: number }> {
  const withStatus = (status: string) =>
    sql<number>`count(*) filter (where ${orders.fulfilmentStatus} = ${status})::int`.mapWith(
      Number,
    );
  const [row] = await db
    .select({ unfulfilled: withStatus("unfulfilled"), processing: withStatus("processing") })
    .from(orders)
    .where(inArray(orders.fulfilmentStatus, ["unfulfilled", "processing"]));
  return row ?? { unfulfilled: 0, processing: 0 };
}
