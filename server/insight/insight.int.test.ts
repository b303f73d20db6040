// Every figure of the dashboard and the report against a recomputation, in plain code, from the
// rows the test seeds: orders with discounts, refunds in part and in full, cancellations,
// renewals, referral ids and influencer codes, placed on both sides of the shop's midnights and
// of a change of the clocks; memberships started and cancelled around the period; and events of
// visitors across days.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createdBetween } from "~core/admin/days";
import { shopDate } from "~core/dates";
import {
  type DayRange,
  dailySales,
  daysOf,
  type FunnelCounts,
  isProductPagePath,
  midnightsOnTheHour,
  noOrders,
  type OrderSums,
  periodOf,
  productPagePaths,
  salesFigures,
  sumOf,
} from "~core/insight";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { type SampleOrder, sampleOrders } from "../../test/support/sample-orders";
import type { Database } from "../db/client.server";
import * as schema from "../db/schema.server";
import { analyticsEvents, influencers, memberships, orderItems, orders } from "../db/schema.server";
import { insightHome, sourceOrders, sourcesReport } from "./dashboard.server";
import { funnelCounts, visitsBy } from "./funnel.server";
import { membershipFigures } from "./memberships.server";
import { customerCounts, salesBy, salesByDay, topItems } from "./sales.server";

const timeZone = "America/Los_Angeles";
/** The clocks went back on 2026-11-01 in Los Angeles: that day had 25 hours. */
const end = new Date("2026-11-26T20:00:00Z");
const affiliates = ["olive-club", "chef-ana", "grove-friends"] as const;
const influencerCode = "MARIA15";

type Order = typeof orders.$inferInsert & { createdAt: Date };
type Event = typeof analyticsEvents.$inferInsert & { createdAt: Date };
type Membership = typeof memberships.$inferInsert & { createdAt: Date };

/** Sample orders, with referral ids, an influencer's code, taxes and upper-case e-mails mixed in. */
function seededOrders(): SampleOrder[] {
  const samples = [...sampleOrders({ count: 900, seed: 78, end })].map((sample, index) => {
    const order = { ...sample.order } as Order;
    if (index % 5 === 0) order.affiliate = affiliates[index % affiliates.length] ?? null;
    if (index % 11 === 0) order.email = order.email.toUpperCase();
    if (index % 13 === 0) order.taxCents = 123;
    if (index % 17 === 0 && order.kind === "purchase") {
      order.promotion = {
        couponId: influencerCode,
        codeName: influencerCode.toLowerCase(),
        amountOffCents: 500,
        percentOff: null,
      };
      order.discountCents = 500;
    }
    return { order, items: sample.items };
  });
  // Orders a second either side of the shop's midnights, one of them the 25-hour day.
  const boundaries = [
    "2026-11-20T07:59:59Z",
    "2026-11-20T08:00:00Z",
    "2026-11-01T06:59:59Z",
    "2026-11-01T07:00:00Z",
    "2026-11-02T07:59:59Z",
    "2026-11-02T08:00:00Z",
    "2026-10-27T06:59:59Z",
    "2026-10-28T07:00:00Z",
  ];
  const template = samples[1];
  if (!template) throw new Error("no sample");
  boundaries.forEach((at, index) => {
    samples.push({
      order: {
        ...template.order,
        id: `BOUNDARY${index}`,
        checkoutSessionId: `cs_boundary_${index}`,
        email: `boundary${index % 3}@example.com`,
        fulfilmentStatus: index === 3 ? "cancelled" : "delivered",
        affiliate: "edge-ref",
        createdAt: new Date(at),
        updatedAt: new Date(at),
      },
      items: template.items,
    });
  });
  return samples;
}

function seededMemberships(): Membership[] {
  const at = (text: string) => new Date(text);
  const rows: Array<[string, string | null, number, number]> = [
    ["2026-06-01T12:00:00Z", null, 1, 9800],
    ["2026-06-01T12:00:00Z", "2026-11-10T12:00:00Z", 2, 8300],
    ["2026-09-01T12:00:00Z", "2026-10-28T07:00:00Z", 1, 11300],
    ["2026-10-27T06:59:59Z", null, 1, 9800],
    ["2026-10-28T06:59:59Z", "2026-10-28T07:00:01Z", 1, 9800],
    ["2026-11-15T12:00:00Z", "2026-11-20T12:00:00Z", 1, 8300],
    ["2026-11-26T12:00:00Z", null, 3, 11300],
    ["2025-01-01T12:00:00Z", "2026-01-01T12:00:00Z", 1, 9800],
  ];
  return rows.map(([created, canceled, quantity, unitPriceCents], index) => ({
    subscriptionItemId: `si_${index}`,
    subscriptionId: `sub_${index}`,
    customerId: `cus_${index}`,
    itemId: "everydayLuxury",
    quantity,
    unitPriceCents,
    status: canceled ? "canceled" : index === 3 ? "past_due" : "active",
    nextInvoiceAt: at("2026-12-01T12:00:00Z"),
    checkoutSessionId: `cs_m_${index}`,
    createdAt: at(created),
    canceledAt: canceled ? at(canceled) : null,
  }));
}

function seededEvents(): Event[] {
  const events: Event[] = [];
  const names = ["page_view", "add_to_cart", "checkout_click", "purchase"] as const;
  const paths = ["/", "/our-olive-oils", "/academy", "/community/maria-papadopoulos", "/cart"];
  for (let index = 0; index < 1500; index++) {
    const visitor = `00000000-0000-4000-8000-${String(index % 97).padStart(12, "0")}`;
    const createdAt = new Date(end.getTime() - ((index * 7919) % (120 * 24)) * 3_600_000);
    const name =
      names[index % 7 === 0 ? 1 : index % 13 === 0 ? 2 : index % 29 === 0 ? 3 : 0] ?? "page_view";
    events.push({
      category: "engagement",
      name,
      path: paths[index % paths.length] ?? "/",
      visitorId: index % 50 === 0 ? null : visitor,
      createdAt,
    });
    if (index % 9 === 0) {
      events.push({
        category: "engagement",
        name: "affiliate_visit",
        label: affiliates[index % affiliates.length] ?? null,
        path: "/",
        visitorId: visitor,
        createdAt,
      });
    }
  }
  return events;
}

const samples = seededOrders();
const seededMembershipRows = seededMemberships();
const events = seededEvents();

// ---------------------------------------------------------------------------
// The recomputation: the definitions of docs/decisions/0078, in plain code.

const shopDays = new Map<string, string>();

/** The shop's day of an instant, remembered: the recomputation asks for the same ones often. */
function shopDayOf(at: Date, zone = timeZone): string {
  const key = `${at.getTime()} ${zone}`;
  const known = shopDays.get(key);
  if (known) return known;
  const day = shopDate(at, zone);
  shopDays.set(key, day);
  return day;
}

function inRange(at: Date, range: DayRange, zone = timeZone): boolean {
  const day = shopDayOf(at, zone);
  return day >= range.from && day <= range.to;
}

function counted(range: DayRange, zone = timeZone): SampleOrder[] {
  return samples.filter(
    (sample) =>
      inRange(sample.order.createdAt as Date, range, zone) &&
      sample.order.fulfilmentStatus !== "cancelled",
  );
}

function sumsOf(list: SampleOrder[]): OrderSums {
  return list.reduce<OrderSums>(
    (sum, { order, items }) => ({
      orders: sum.orders + 1,
      grossCents:
        sum.grossCents +
        items.reduce((total, item) => total + item.listPriceCents * item.quantity, 0),
      discountCents: sum.discountCents + order.discountCents,
      refundedCents: sum.refundedCents + (order.refundedCents ?? 0),
      shippingCents: sum.shippingCents + order.shippingCents,
      taxCents: sum.taxCents + order.taxCents,
    }),
    noOrders,
  );
}

function expectedCustomers(range: DayRange, zone = timeZone) {
  const start = createdBetween(range, zone).start as Date;
  const emails = new Set(counted(range, zone).map((sample) => sample.order.email.toLowerCase()));
  const before = new Set(
    samples
      .filter(
        (sample) =>
          (sample.order.createdAt as Date) < start && sample.order.fulfilmentStatus !== "cancelled",
      )
      .map((sample) => sample.order.email.toLowerCase()),
  );
  const returning = [...emails].filter((email) => before.has(email)).length;
  return { newCustomers: emails.size - returning, returningCustomers: returning };
}

function expectedMemberships(range: DayRange) {
  const { start, end: stop } = createdBetween(range, timeZone) as { start: Date; end: Date };
  const activeAt = (row: Membership, at: Date) =>
    row.createdAt < at && (!row.canceledAt || row.canceledAt >= at);
  const sum = (rows: Membership[], value: (row: Membership) => number) =>
    rows.reduce((total, row) => total + value(row), 0);
  const atEnd = seededMembershipRows.filter((row) => activeAt(row, stop));
  const atStart = seededMembershipRows.filter((row) => activeAt(row, start));
  const cancelled = atStart.filter(
    (row) => row.canceledAt && row.canceledAt >= start && row.canceledAt < stop,
  );
  const activeAtStart = sum(atStart, (row) => row.quantity);
  return {
    active: sum(atEnd, (row) => row.quantity),
    mrrCents: sum(atEnd, (row) => row.quantity * row.unitPriceCents),
    activeAtStart,
    cancelled: sum(cancelled, (row) => row.quantity),
    churn: activeAtStart ? sum(cancelled, (row) => row.quantity) / activeAtStart : null,
  };
}

/** The sessions (visitor and shop's day) of the range's events that pass `test`. */
function sessionsWith(range: DayRange, test: (event: Event) => boolean, zone = timeZone) {
  return new Set(
    events
      .filter((event) => event.visitorId && inRange(event.createdAt, range, zone) && test(event))
      .map((event) => `${event.visitorId} ${shopDayOf(event.createdAt, zone)}`),
  ).size;
}

function expectedFunnel(range: DayRange, zone = timeZone): FunnelCounts {
  const sessionsOf = (test: (event: Event) => boolean) => sessionsWith(range, test, zone);
  return {
    sessions: sessionsOf(() => true),
    productViews: sessionsOf(
      (event) => event.name === "page_view" && isProductPagePath(event.path ?? ""),
    ),
    addedToCart: sessionsOf((event) => event.name === "add_to_cart"),
    checkoutStarted: sessionsOf((event) => event.name === "checkout_click"),
    paid: sessionsOf((event) => event.name === "purchase"),
  };
}

function expectedGroups(range: DayRange, keyOf: (order: Order) => string | null, zone = timeZone) {
  const groups = new Map<string, SampleOrder[]>();
  for (const sample of counted(range, zone)) {
    const key = keyOf(sample.order as Order);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  return new Map([...groups].map(([key, list]) => [key, sumsOf(list)]));
}

function expectedItems(range: DayRange, zone = timeZone) {
  const items = new Map<string, { units: number; grossCents: number }>();
  for (const { items: lines } of counted(range, zone)) {
    for (const line of lines) {
      const key = `${line.itemId}|${line.itemName}`;
      const before = items.get(key) ?? { units: 0, grossCents: 0 };
      items.set(key, {
        units: before.units + line.quantity,
        grossCents: before.grossCents + line.listPriceCents * line.quantity,
      });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------
// Every figure of a range at once, for the rollups' tests: after a change to the orders or the
// events, in another time zone, and after a rebuild.

const asMap = (rows: Array<OrderSums & { key: string }>) =>
  new Map(rows.map(({ key, ...sums }) => [key, sums]));

function expectedVisits(range: DayRange, zone: string) {
  const keys = new Set(
    events.flatMap((event) =>
      event.name === "affiliate_visit" && event.label ? [event.label] : [],
    ),
  );
  const visits = [...keys].map((key): [string, number] => [
    key,
    sessionsWith(range, (event) => event.name === "affiliate_visit" && event.label === key, zone),
  ]);
  return new Map(visits.filter(([, count]) => count > 0));
}

async function expectExactFigures(db: Database, range: DayRange, zone = timeZone) {
  const days = await salesByDay(db, range, zone);
  expect(salesFigures(sumOf(days))).toEqual(salesFigures(sumsOf(counted(range, zone))));
  expect(new Map(days.map(({ day, ...sums }) => [day, sums]))).toEqual(
    new Map(
      daysOf(range)
        .map((day): [string, OrderSums] => [day, sumsOf(counted({ from: day, to: day }, zone))])
        .filter(([, sums]) => sums.orders > 0),
    ),
  );
  expect(await customerCounts(db, range, zone)).toEqual(expectedCustomers(range, zone));
  expect(await funnelCounts(db, range, zone)).toEqual(expectedFunnel(range, zone));
  expect(await visitsBy(db, "affiliate", range, zone)).toEqual(expectedVisits(range, zone));
  expect(asMap(await salesBy(db, "affiliate", range, zone))).toEqual(
    expectedGroups(range, (order) => order.affiliate ?? null, zone),
  );
  expect(asMap(await salesBy(db, "promotion", range, zone))).toEqual(
    expectedGroups(range, (order) => order.promotion?.codeName ?? null, zone),
  );
  expect(asMap(await salesBy(db, "influencer", range, zone))).toEqual(
    expectedGroups(
      range,
      (order) =>
        order.promotion?.codeName.toUpperCase() === influencerCode ? "maria-papadopoulos" : null,
      zone,
    ),
  );
  const items = await topItems(db, range, zone, 100);
  expect(
    new Map(
      items.map((row) => [
        `${row.itemId}|${row.itemName}`,
        { units: row.units, grossCents: row.grossCents },
      ]),
    ),
  ).toEqual(expectedItems(range, zone));
}

/** Every row of every rollup, in a fixed order. */
async function rollupRows(db: Database) {
  return {
    sales: await db.select().from(schema.insightSalesHours).orderBy(sql`1`),
    groups: await db.select().from(schema.insightGroupHours).orderBy(sql`1, 2, 3`),
    items: await db.select().from(schema.insightItemHours).orderBy(sql`1, 2, 3`),
    customerHours: await db.select().from(schema.insightCustomerHours).orderBy(sql`1, 2`),
    customers: await db.select().from(schema.insightCustomers).orderBy(sql`1`),
    visits: await db.select().from(schema.insightVisitHours).orderBy(sql`1, 2`),
    sourceVisits: await db.select().from(schema.insightSourceVisitHours).orderBy(sql`1, 2, 3, 4`),
  };
}

const rebuildRollups = (db: Database) => db.execute(sql`select insight_rebuild_rollups()`);

/** A counted order placed on a day before `end` within the 90 days, not yet changed by a test. */
function pastOrder(test: (sample: SampleOrder) => boolean): SampleOrder {
  const found = counted({ from: "2026-08-29", to: "2026-11-25" }).find(
    (sample) => sample.order.id.startsWith("BOUNDARY") === false && test(sample),
  );
  if (!found) throw new Error("no order to change");
  return found;
}

const ninetyDays: DayRange = { from: "2026-08-29", to: "2026-11-26" };
// ---------------------------------------------------------------------------

const ranges: Array<[string, DayRange]> = [
  ["the last 30 days", { from: "2026-10-28", to: "2026-11-26" }],
  ["today", { from: "2026-11-26", to: "2026-11-26" }],
  ["a week whose first order is a second after midnight", { from: "2026-11-20", to: "2026-11-26" }],
  ["the day the clocks went back", { from: "2026-11-01", to: "2026-11-01" }],
  ["90 days", { from: "2026-08-29", to: "2026-11-26" }],
  ["a year", { from: "2025-11-27", to: "2026-11-26" }],
];

describe.each(testEngines)("the shop's figures on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    for (let index = 0; index < samples.length; index += 200) {
      const batch = samples.slice(index, index + 200);
      await db.insert(orders).values(batch.map((sample) => sample.order));
      await db
        .insert(orderItems)
        .values(
          batch.flatMap((sample) =>
            sample.items.map((item) => ({ ...item, orderId: sample.order.id })),
          ),
        );
    }
    await db.insert(memberships).values(seededMembershipRows);
    for (let index = 0; index < events.length; index += 500) {
      await db.insert(analyticsEvents).values(events.slice(index, index + 500));
    }
    await db.insert(influencers).values({
      slug: "maria-papadopoulos",
      firstName: "Maria",
      lastName: "Papadopoulos",
      title: "Chef",
      imageFileName: "maria.svg",
      heroQuote: "…",
      storyQuote: "…",
      couponCode: influencerCode,
    });
  });
  afterAll(() => database.dispose());

  it("seeds what the figures must cover", () => {
    const range = ranges[0]?.[1] as DayRange;
    const list = counted(range);
    expect(list.some((sample) => sample.order.kind === "renewal")).toBe(true);
    expect(list.some((sample) => sample.order.discountCents > 0)).toBe(true);
    expect(list.some((sample) => (sample.order.refundedCents ?? 0) > 0)).toBe(true);
    expect(
      samples.some(
        (sample) =>
          inRange(sample.order.createdAt as Date, range) &&
          sample.order.fulfilmentStatus === "cancelled",
      ),
    ).toBe(true);
    expect(expectedCustomers(range).returningCustomers).toBeGreaterThan(0);
  });

  it.each(ranges)("sales, orders and average order of %s", async (_, range) => {
    const days = await salesByDay(database.db, range, timeZone);
    const expected = salesFigures(sumsOf(counted(range)));
    expect(salesFigures(sumOf(days))).toEqual(expected);
    expect(expected.netCents).toBe(
      expected.grossCents - expected.discountCents - expected.refundedCents,
    );
    for (const day of dailySales(range, days)) {
      const figures = salesFigures(sumsOf(counted({ from: day.day, to: day.day })));
      expect(day).toEqual({
        day: day.day,
        orders: figures.orders,
        netCents: figures.netCents,
        totalCents: figures.totalCents,
      });
    }
  });

  it.each(ranges)("new and returning customers of %s", async (_, range) => {
    expect(await customerCounts(database.db, range, timeZone)).toEqual(expectedCustomers(range));
  });

  it.each(ranges)("memberships, MRR and churn of %s", async (_, range) => {
    expect(await membershipFigures(database.db, range, timeZone)).toEqual(
      expectedMemberships(range),
    );
  });

  it.each(ranges)("the funnel of %s", async (_, range) => {
    expect(await funnelCounts(database.db, range, timeZone)).toEqual(expectedFunnel(range));
  });

  it.each(ranges)(
    "sales by referral id, promotion and influencer, and top items, of %s",
    async (_, range) => {
      const asMap = (rows: Array<OrderSums & { key: string }>) =>
        new Map(rows.map(({ key, ...sums }) => [key, sums]));
      expect(asMap(await salesBy(database.db, "affiliate", range, timeZone))).toEqual(
        expectedGroups(range, (order) => order.affiliate ?? null),
      );
      expect(asMap(await salesBy(database.db, "promotion", range, timeZone))).toEqual(
        expectedGroups(range, (order) => order.promotion?.codeName ?? null),
      );
      expect(asMap(await salesBy(database.db, "influencer", range, timeZone))).toEqual(
        expectedGroups(range, (order) =>
          order.promotion?.codeName.toUpperCase() === influencerCode ? "maria-papadopoulos" : null,
        ),
      );
      const items = await topItems(database.db, range, timeZone, 100);
      expect(
        new Map(
          items.map((row) => [
            `${row.itemId}|${row.itemName}`,
            { units: row.units, grossCents: row.grossCents },
          ]),
        ),
      ).toEqual(expectedItems(range));
    },
  );

  it("puts an order a second before the shop's midnight on the day before", async () => {
    const day = { from: "2026-11-19", to: "2026-11-19" };
    const orders19 = await sourceOrders(
      database.db,
      { grouping: "affiliate", key: "edge-ref" },
      day,
      timeZone,
    );
    expect(orders19.map((order) => order.id)).toEqual(["BOUNDARY0"]);
    const next = await sourceOrders(
      database.db,
      { grouping: "affiliate", key: "edge-ref" },
      { from: "2026-11-20", to: "2026-11-20" },
      timeZone,
    );
    expect(next.map((order) => order.id)).toEqual(["BOUNDARY1"]);
    // The 25-hour day runs from 07:00Z to 08:00Z the next day; its first order was cancelled.
    const longDay = await sourceOrders(
      database.db,
      { grouping: "affiliate", key: "edge-ref" },
      { from: "2026-11-01", to: "2026-11-01" },
      timeZone,
    );
    expect(longDay.map((order) => order.id).sort()).toEqual(["BOUNDARY4"]);
  });

  it("reports each referral id and influencer with its visits, and its orders add up to its figures", async () => {
    const range = ranges[0]?.[1] as DayRange;
    const report = await sourcesReport(database.db, range, timeZone);
    for (const row of report.affiliates) {
      const behind = await sourceOrders(
        database.db,
        { grouping: "affiliate", key: row.key },
        range,
        timeZone,
      );
      expect(behind).toHaveLength(row.orders);
      expect(behind.reduce((sum, order) => sum + order.netCents, 0)).toBe(row.netCents);
      const visits = new Set(
        events
          .filter(
            (event) =>
              event.name === "affiliate_visit" &&
              event.label === row.key &&
              inRange(event.createdAt, range),
          )
          .map((event) => `${event.visitorId} ${shopDayOf(event.createdAt)}`),
      ).size;
      expect(row.visits).toBe(visits);
    }
    expect(report.affiliates.map((row) => row.key).sort()).toEqual(
      [...new Set([...affiliates, "edge-ref"])].sort(),
    );
    const [maria] = report.influencers;
    expect(maria?.name).toBe("Maria Papadopoulos");
    expect(maria?.visits).toBe(
      new Set(
        events
          .filter(
            (event) =>
              event.name === "page_view" &&
              event.path === "/community/maria-papadopoulos" &&
              event.visitorId &&
              inRange(event.createdAt, range),
          )
          .map((event) => `${event.visitorId} ${shopDayOf(event.createdAt)}`),
      ).size,
    );
  });

  it("compares the home's period with the one before it", async () => {
    const period = periodOf("30d", ranges[0]?.[1] as DayRange);
    const home = await insightHome(database.db, period, timeZone, end);
    expect(home.sales.current).toEqual(salesFigures(sumsOf(counted(period.current))));
    expect(home.sales.previous).toEqual(salesFigures(sumsOf(counted(period.previous))));
    expect(home.customers.previous).toEqual(expectedCustomers(period.previous));
    expect(home.memberships.previous).toEqual(expectedMemberships(period.previous));
    expect(home.funnel.previous).toEqual(expectedFunnel(period.previous));
    expect(home.daily).toHaveLength(30);
    const withStatus = (status: string) =>
      samples.filter((sample) => sample.order.fulfilmentStatus === status).length;
    expect(home.awaitingFulfilment).toEqual({
      unfulfilled: withStatus("unfulfilled"),
      processing: withStatus("processing"),
    });
    expect(home.awaitingFulfilment.unfulfilled).toBeGreaterThan(0);
  });

  it("keeps a past day's figures exact when its orders are refunded, cancelled or changed", async () => {
    const { db } = database;
    const refunded = pastOrder((sample) => (sample.order.refundedCents ?? 0) === 0);
    refunded.order.refundedCents = Math.min(refunded.order.totalCents, 700);
    await db
      .update(orders)
      .set({ refundedCents: refunded.order.refundedCents, paymentStatus: "partially_refunded" })
      .where(eq(orders.id, refunded.order.id));
    const cancelled = pastOrder((sample) => sample.order.kind === "purchase");
    cancelled.order.fulfilmentStatus = "cancelled";
    await db
      .update(orders)
      .set({ fulfilmentStatus: "cancelled" })
      .where(eq(orders.id, cancelled.order.id));
    const returned = pastOrder((sample) => sample.items.length > 1);
    const [line] = returned.items;
    if (!line) throw new Error("no line");
    returned.items = returned.items.filter((item) => item.itemId !== line.itemId);
    await db
      .delete(orderItems)
      .where(and(eq(orderItems.orderId, returned.order.id), eq(orderItems.itemId, line.itemId)));
    for (const range of [ninetyDays, { from: "2026-10-28", to: "2026-11-26" }]) {
      await expectExactFigures(db, range);
    }
    for (const sample of [refunded, cancelled, returned]) {
      const day = shopDayOf(sample.order.createdAt as Date);
      await expectExactFigures(db, { from: day, to: day });
    }
  });

  it("keeps the funnel exact when a past day's events are deleted or added", async () => {
    const { db } = database;
    const gone = events.find((event) => event.visitorId && event.createdAt < end);
    if (!gone?.visitorId) throw new Error("no event");
    const day = shopDayOf(gone.createdAt);
    const { start, end: dayEnd } = createdBetween({ from: day, to: day }, timeZone) as {
      start: Date;
      end: Date;
    };
    await db
      .delete(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.visitorId, gone.visitorId),
          gte(analyticsEvents.createdAt, start),
          lt(analyticsEvents.createdAt, dayEnd),
        ),
      );
    const kept = events.filter(
      (event) => !(event.visitorId === gone.visitorId && shopDayOf(event.createdAt) === day),
    );
    events.splice(0, events.length, ...kept);
    const purchase: Event = {
      category: "revenue",
      name: "purchase",
      path: "/checkout/success",
      visitorId: "00000000-0000-4000-8000-000000000500",
      createdAt: new Date(start.getTime() + 3_600_000),
    };
    events.push(purchase);
    await db.insert(analyticsEvents).values(purchase);
    await expectExactFigures(db, ninetyDays);
    await expectExactFigures(db, { from: day, to: day });
  });

  it.each([
    ["Europe/Athens", true],
    ["America/New_York", true],
    ["Asia/Kolkata", false],
    ["Asia/Kathmandu", false],
  ] as const)(
    "gives exact figures when the shop's time zone becomes %s",
    async (zone, onTheHour) => {
      expect(midnightsOnTheHour(ninetyDays, zone)).toBe(onTheHour);
      await expectExactFigures(database.db, ninetyDays, zone);
      await expectExactFigures(database.db, { from: "2026-11-01", to: "2026-11-01" }, zone);
    },
  );

  it("rolls up as product views the page views core counts as such", async () => {
    const paths = [...productPagePaths, "/community/maria-papadopoulos", "/", "/academy", "/cart"];
    const rows = await database.db
      .select({
        path: sql<string>`path`,
        product: sql<boolean>`insight_is_product_view('page_view', path)`,
      })
      .from(
        sql`unnest(array[${sql.join(
          paths.map((path) => sql`${path}`),
          sql`, `,
        )}]::text[]) as path`,
      );
    expect(new Map(rows.map((row) => [row.path, row.product]))).toEqual(
      new Map(paths.map((path) => [path, isProductPagePath(path)])),
    );
  });

  it("rebuilds the rollups to the rows they keep, and a rebuild repairs them", async () => {
    const { db } = database;
    const kept = await rollupRows(db);
    expect(kept.sales.length).toBeGreaterThan(0);
    expect(kept.visits.length).toBeGreaterThan(0);
    await rebuildRollups(db);
    expect(await rollupRows(db)).toEqual(kept);
    await db.delete(schema.insightSalesHours);
    await db.delete(schema.insightVisitHours);
    await db.delete(schema.insightCustomers);
    expect((await salesByDay(db, ninetyDays, timeZone)).length).toBe(0);
    await rebuildRollups(db);
    expect(await rollupRows(db)).toEqual(kept);
    await expectExactFigures(db, ninetyDays);
  });
});
