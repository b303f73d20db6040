import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultOrdersQuery,
  type OrdersQuery,
  type OrdersSort,
  ordersPageCount,
} from "~core/admin/orders-query";
import { csvRecords, parseCsv } from "../../test/support/csv";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { insertSampleOrders } from "../../test/support/sample-orders";
import { orderItems, orders } from "../db/schema.server";
import { exportBatchSize } from "./export.server";
import { ordersCsv, ordersCsvHeader } from "./orders-export.server";
import { findInboxOrders } from "./orders-inbox.server";

const sampleCount = 2500;
/** Orders a microsecond apart, more than a batch of them: batches must end inside the group. */
const clusteredCount = exportBatchSize + 100;

const fullOrder = {
  id: "FULL000001",
  kind: "purchase" as const,
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.org",
  hasLocalPickup: false,
  shipTo: "Grace Hopper",
  address: {
    line1: "1 Navy Way",
    line2: "Apt 4",
    city: "Arlington",
    state: "VA",
    postalCode: "22201",
    country: "US" as const,
  },
  subtotalCents: 9900,
  shippingCents: 1500,
  taxCents: 120,
  discountCents: 990,
  totalCents: 10530,
  refundedCents: 2500,
  promotion: { couponId: "WELCOME10", codeName: "WELCOME10", amountOffCents: null, percentOff: 10 },
  affiliate: "maria-papadopoulos",
  paymentStatus: "partially_refunded" as const,
  fulfilmentStatus: "shipped" as const,
  carrier: "UPS" as const,
  trackingNumber: "1Z999AA10123456784",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  checkoutSessionId: "cs_full",
  createdAt: new Date("2026-11-20T09:30:00.250Z"),
};

const hostileOrder = {
  ...fullOrder,
  id: "EVIL000001",
  firstName: '=HYPERLINK("http://evil.example","Click")',
  lastName: 'Smith, "Jr"',
  email: "@evil@example.com",
  hasLocalPickup: true,
  shipTo: null,
  address: null,
  promotion: null,
  affiliate: "+cmd|' /C calc'!A0",
  paymentStatus: "paid" as const,
  fulfilmentStatus: "unfulfilled" as const,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  refundedCents: 0,
  checkoutSessionId: "cs_evil",
  createdAt: new Date("2026-11-21T00:00:00Z"),
};

async function exported(database: TestDatabase, query: Partial<OrdersQuery>): Promise<string> {
  return new Response(ordersCsv(database.db, { ...defaultOrdersQuery, ...query }, "UTC")).text();
}

const idsIn = (csv: string) => csvRecords(csv).map((record) => record.Order);

describe.each(testEngines)("the orders CSV export on %s", (engine) => {
  let database: TestDatabase;

  /** Every order number in the order the database sorts them, written out for each sort. */
  async function idsSortedBy(sort: OrdersSort): Promise<string[]> {
    const orderBy = {
      newest: sql`created_at desc, id desc`,
      oldest: sql`created_at asc, id asc`,
      "total-desc": sql`total_cents desc, id desc`,
      "total-asc": sql`total_cents asc, id asc`,
    }[sort];
    const rows = await database.db.select({ id: orders.id }).from(orders).orderBy(orderBy);
    return rows.map((row) => row.id);
  }

  /** What the inbox lists for `query`, page after page. */
  async function inboxIds(query: Partial<OrdersQuery>): Promise<string[]> {
    const first = await findInboxOrders(database.db, { ...defaultOrdersQuery, ...query }, "UTC");
    const ids = first.orders.map((order) => order.id);
    for (let page = 2; page <= ordersPageCount(first.total); page++) {
      const next = await findInboxOrders(
        database.db,
        { ...defaultOrdersQuery, ...query, page },
        "UTC",
      );
      ids.push(...next.orders.map((order) => order.id));
    }
    return ids;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    await insertSampleOrders(db, {
      count: sampleCount,
      seed: 7,
      end: new Date("2026-11-01T00:00:00Z"),
    });
    await db.execute(sql`
      insert into "order" (id, first_name, last_name, email, has_local_pickup, subtotal_cents,
        shipping_cents, tax_cents, discount_cents, total_cents, checkout_session_id, created_at)
      select 'MICRO' || lpad(n::text, 5, '0'), 'Mia', 'Micro', 'mia@example.com', true, 2400, 0,
        0, 0, 2400, 'cs_micro_' || n,
        timestamptz '2025-06-01 12:00:00+00' + n * interval '1 microsecond'
      from generate_series(1, ${clusteredCount}) as n`);
    await db.insert(orders).values([fullOrder, hostileOrder]);
    await db.insert(orderItems).values([
      {
        orderId: fullOrder.id,
        itemId: "luxe",
        itemName: "Luxe 375 ml",
        quantity: 2,
        listPriceCents: 3300,
        priceCents: 2970,
        discountedTotalCents: 5940,
      },
      {
        orderId: fullOrder.id,
        itemId: "premium",
        itemName: "Premium 375 ml",
        quantity: 1,
        listPriceCents: 3300,
        priceCents: 2970,
        discountedTotalCents: 2970,
      },
    ]);
  }, 120_000);
  afterAll(() => database.dispose());

  it("starts with the header", async () => {
    const [header] = parseCsv(await exported(database, {}));
    expect(header).toEqual([...ordersCsvHeader]);
  });

  it.each(["newest", "oldest", "total-desc", "total-asc"] as const)(
    "holds every order once, past every batch, sorted %s first",
    async (sort) => {
      const ids = idsIn(await exported(database, { sort }));
      expect(ids).toHaveLength(sampleCount + clusteredCount + 2);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await idsSortedBy(sort));
    },
  );

  it.each<[string, Partial<OrdersQuery>]>([
    ["fulfilment status", { fulfilment: "delivered" }],
    ["payment status", { payment: "partially_refunded" }],
    ["both statuses", { fulfilment: "cancelled", payment: "refunded", sort: "oldest" }],
    ["kind, delivery and sort", { kind: "renewal", pickup: "none", sort: "total-asc" }],
    ["days", { from: "2026-10-01", to: "2026-10-31", sort: "oldest" }],
    ["a search by name", { q: "Smith", sort: "total-desc" }],
    ["a short search", { q: "mi" }],
  ])("lists what the inbox lists for %s, on all its pages", async (_, query) => {
    const ids = idsIn(await exported(database, query));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(await inboxIds(query));
  });

  it("ignores the inbox's page", async () => {
    expect(idsIn(await exported(database, { fulfilment: "unfulfilled", page: 3 }))).toEqual(
      idsIn(await exported(database, { fulfilment: "unfulfilled" })),
    );
  });

  it("writes an order's every column", async () => {
    const [record] = csvRecords(await exported(database, { q: fullOrder.id }));
    expect(record).toEqual({
      Order: "FULL000001",
      "Placed (UTC)": "2026-11-20T09:30:00.250Z",
      "Payment status": "Partially refunded",
      "Fulfilment status": "Shipped",
      Kind: "Purchase",
      Customer: "Grace Hopper",
      "E-mail": "grace@example.org",
      Delivery: "Shipping",
      "Ship to": "Grace Hopper",
      "Address line 1": "1 Navy Way",
      "Address line 2": "Apt 4",
      City: "Arlington",
      State: "VA",
      ZIP: "22201",
      Items: "2 × Luxe 375 ml; 1 × Premium 375 ml",
      Subtotal: "99.00",
      Shipping: "15.00",
      Tax: "1.20",
      Discount: "9.90",
      Total: "105.30",
      Refunded: "25.00",
      "Promotion code": "WELCOME10",
      Affiliate: "maria-papadopoulos",
      Carrier: "UPS",
      "Tracking number": "1Z999AA10123456784",
    });
  });

  it("keeps what a customer typed from running as a formula or breaking the columns", async () => {
    const csv = await exported(database, { q: hostileOrder.id });
    expect(csv).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click"") Smith, ""Jr""","'@evil@example.com","Local pickup",`,
    );
    const [record] = csvRecords(csv);
    expect(record).toMatchObject({
      Order: "EVIL000001",
      Customer: `'=HYPERLINK("http://evil.example","Click") Smith, "Jr"`,
      "E-mail": "'@evil@example.com",
      Delivery: "Local pickup",
      "Ship to": "",
      "Address line 1": "",
      Items: "",
      Affiliate: "'+cmd|' /C calc'!A0",
    });
    expect(parseCsv(csv).every((row) => row.length === ordersCsvHeader.length)).toBe(true);
  });

  it("sends the header alone when nothing matches", async () => {
    expect(parseCsv(await exported(database, { q: "nobody-at-all" }))).toEqual([
      [...ordersCsvHeader],
    ]);
  });

  it("reads a batch only when the one before it has been taken", async () => {
    const reader = ordersCsv(database.db, defaultOrdersQuery, "UTC").getReader();
    const decoder = new TextDecoder();
    const lines = async () => {
      const chunk = await reader.read();
      return chunk.done ? -1 : decoder.decode(chunk.value).split("\r\n").length - 1;
    };
    expect(await lines()).toBe(1);
    expect(await lines()).toBe(exportBatchSize);
    expect(await lines()).toBe(exportBatchSize);
    await reader.cancel();
  });
});
