import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultOrdersQuery, type OrderKind, type OrdersQuery } from "~core/admin/orders-query";
import {
  type FulfilmentStatus,
  fulfilmentStatuses,
  type PaymentStatus,
  paymentStatuses,
} from "~core/order-status";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import type { Database } from "../db/client.server";
import { orderItems, orders } from "../db/schema.server";
import { escapeLikePattern, findInboxOrders } from "./orders-inbox.server";

interface Fixture {
  id: string;
  createdAt: string;
  name: [first: string, last: string];
  email: string;
  kind?: OrderKind;
  pickup?: boolean;
  fulfilment: FulfilmentStatus;
  /** Paid unless named. */
  payment?: PaymentStatus;
  totalCents: number;
  quantities: number[];
}

async function placeOrders(db: Database, fixtures: Fixture[]): Promise<void> {
  await db.insert(orders).values(
    fixtures.map((fixture) => ({
      id: fixture.id,
      kind: fixture.kind ?? "purchase",
      firstName: fixture.name[0],
      lastName: fixture.name[1],
      email: fixture.email,
      hasLocalPickup: fixture.pickup ?? false,
      subtotalCents: fixture.totalCents,
      shippingCents: 0,
      taxCents: 0,
      discountCents: 0,
      totalCents: fixture.totalCents,
      fulfilmentStatus: fixture.fulfilment,
      paymentStatus: fixture.payment ?? "paid",
      checkoutSessionId: `cs_${fixture.id}`,
      createdAt: new Date(fixture.createdAt),
    })),
  );
  const lines = fixtures.flatMap((fixture) =>
    fixture.quantities.map((quantity) => ({
      orderId: fixture.id,
      itemId: "luxe",
      itemName: "Luxe 375 ml",
      quantity,
      listPriceCents: 3300,
      priceCents: 3300,
      discountedTotalCents: 3300 * quantity,
    })),
  );
  if (lines.length > 0) await db.insert(orderItems).values(lines);
}

// Two orders share a date and three a total, so that the sorts must break ties; the e-mails
// hold the characters LIKE reads as wildcards.
const fixtures: Fixture[] = [
  {
    id: "A1B2C3D4E5",
    createdAt: "2026-03-01T10:00:00Z",
    name: ["Ada", "Lovelace"],
    email: "ada@example.com",
    fulfilment: "unfulfilled",
    totalCents: 5000,
    quantities: [2, 1],
  },
  {
    id: "A1B2ZZZZZZ",
    createdAt: "2026-03-01T23:59:59.999Z",
    name: ["Grace", "Hopper"],
    email: "grace.hopper@example.org",
    kind: "renewal",
    fulfilment: "processing",
    totalCents: 4900,
    quantities: [1],
  },
  {
    id: "B7Q0000001",
    createdAt: "2026-03-02T00:00:00Z",
    name: ["Alan", "Turing"],
    email: "alan_turing@example.net",
    pickup: true,
    fulfilment: "ready_for_pickup",
    totalCents: 7200,
    quantities: [4],
  },
  {
    id: "B7Q0000002",
    createdAt: "2026-03-15T12:00:00Z",
    name: ["Katherine", "Johnson"],
    email: "kj@example.com",
    fulfilment: "shipped",
    payment: "partially_refunded",
    totalCents: 5000,
    quantities: [1, 1],
  },
  {
    id: "C0FFEE0001",
    createdAt: "2026-02-28T23:59:59.999Z",
    name: ["Margaret", "Hamilton"],
    email: "100%pure@example.com",
    pickup: true,
    fulfilment: "picked_up",
    payment: "refunded",
    totalCents: 2400,
    quantities: [1],
  },
  {
    id: "C0FFEE0002",
    createdAt: "2026-03-20T08:00:00Z",
    name: ["Ann", "Taylor"],
    email: "ann.taylor@example.com",
    kind: "renewal",
    pickup: true,
    fulfilment: "unfulfilled",
    totalCents: 6900,
    quantities: [1],
  },
  {
    id: "D100500000",
    createdAt: "2026-04-01T00:00:00Z",
    name: ["Hedy", "Lamarr"],
    email: "order1005@example.com",
    fulfilment: "delivered",
    totalCents: 12000,
    quantities: [3],
  },
  {
    id: "E000000001",
    createdAt: "2026-03-01T10:00:00Z",
    name: ["Ada", "Byron"],
    email: "byron@example.net",
    fulfilment: "unfulfilled",
    totalCents: 5000,
    quantities: [1],
  },
];

const newestFirst = [
  "D100500000",
  "C0FFEE0002",
  "B7Q0000002",
  "B7Q0000001",
  "A1B2ZZZZZZ",
  "E000000001",
  "A1B2C3D4E5",
  "C0FFEE0001",
];

const noFulfilment = Object.fromEntries(fulfilmentStatuses.map((status) => [status, 0]));
const noPayment = Object.fromEntries(paymentStatuses.map((status) => [status, 0]));

describe("escaping the search text for LIKE", () => {
  it("escapes the wildcards and the escape character, and nothing else", () => {
    expect(escapeLikePattern("100%_off\\now")).toBe("100\\%\\_off\\\\now");
    expect(escapeLikePattern("Ada Lovelace")).toBe("Ada Lovelace");
  });
});

describe.each(testEngines)("the orders inbox on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await placeOrders(database.db, fixtures);
  });
  afterAll(() => database.dispose());

  const inbox = (query: Partial<OrdersQuery>, timeZone = "UTC") =>
    findInboxOrders(database.db, { ...defaultOrdersQuery, ...query }, timeZone);
  const idsOf = async (query: Partial<OrdersQuery>, timeZone = "UTC") =>
    (await inbox(query, timeZone)).orders.map((order) => order.id);

  it("lists every order, newest first, with its columns, item count and both statuses' counts", async () => {
    const page = await inbox({});
    expect(page.orders.map((order) => order.id)).toEqual(newestFirst);
    expect(page.orders.find((order) => order.id === "A1B2C3D4E5")).toEqual({
      id: "A1B2C3D4E5",
      createdAt: new Date("2026-03-01T10:00:00Z"),
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      kind: "purchase",
      hasLocalPickup: false,
      paymentStatus: "paid",
      fulfilmentStatus: "unfulfilled",
      totalCents: 5000,
      itemCount: 3,
    });
    expect(Object.fromEntries(page.orders.map((order) => [order.id, order.itemCount]))).toEqual({
      D100500000: 3,
      C0FFEE0002: 1,
      B7Q0000002: 2,
      B7Q0000001: 4,
      A1B2ZZZZZZ: 1,
      E000000001: 1,
      A1B2C3D4E5: 3,
      C0FFEE0001: 1,
    });
    expect(page).toMatchObject({ total: 8, page: 1, pageCount: 1 });
    expect(page.counts.fulfilment).toEqual({
      ...noFulfilment,
      unfulfilled: 3,
      processing: 1,
      ready_for_pickup: 1,
      shipped: 1,
      picked_up: 1,
      delivered: 1,
    });
    expect(page.counts.payment).toEqual({ paid: 6, partially_refunded: 1, refunded: 1 });
  });

  describe("sorting, ties broken by the order number", () => {
    it("oldest first", async () => {
      expect(await idsOf({ sort: "oldest" })).toEqual([...newestFirst].reverse());
    });

    it("largest total first", async () => {
      expect(await idsOf({ sort: "total-desc" })).toEqual([
        "D100500000",
        "B7Q0000001",
        "C0FFEE0002",
        "E000000001",
        "B7Q0000002",
        "A1B2C3D4E5",
        "A1B2ZZZZZZ",
        "C0FFEE0001",
      ]);
    });

    it("smallest total first", async () => {
      expect(await idsOf({ sort: "total-asc" })).toEqual([
        "C0FFEE0001",
        "A1B2ZZZZZZ",
        "A1B2C3D4E5",
        "B7Q0000002",
        "E000000001",
        "C0FFEE0002",
        "B7Q0000001",
        "D100500000",
      ]);
    });
  });

  describe("filters", () => {
    it("by fulfilment status, the inbox's tabs", async () => {
      const page = await inbox({ fulfilment: "unfulfilled" });
      expect(page.orders.map((order) => order.id)).toEqual([
        "C0FFEE0002",
        "E000000001",
        "A1B2C3D4E5",
      ]);
      expect(page.total).toBe(3);
      expect(await idsOf({ fulfilment: "cancelled" })).toEqual([]);
    });

    it("keeps a shipped order refunded in part under 'Shipped'", async () => {
      const page = await inbox({ fulfilment: "shipped" });
      expect(page.orders).toEqual([
        expect.objectContaining({
          id: "B7Q0000002",
          fulfilmentStatus: "shipped",
          paymentStatus: "partially_refunded",
        }),
      ]);
    });

    it("by payment status", async () => {
      expect(await idsOf({ payment: "partially_refunded" })).toEqual(["B7Q0000002"]);
      expect(await idsOf({ payment: "refunded" })).toEqual(["C0FFEE0001"]);
      expect(await idsOf({ payment: "paid" })).toEqual(
        newestFirst.filter((id) => id !== "B7Q0000002" && id !== "C0FFEE0001"),
      );
    });

    it("by both statuses", async () => {
      expect(await idsOf({ fulfilment: "shipped", payment: "partially_refunded" })).toEqual([
        "B7Q0000002",
      ]);
      expect(await idsOf({ fulfilment: "shipped", payment: "paid" })).toEqual([]);
    });

    it("by kind", async () => {
      expect(await idsOf({ kind: "renewal" })).toEqual(["C0FFEE0002", "A1B2ZZZZZZ"]);
      expect(await idsOf({ kind: "purchase" })).toHaveLength(6);
    });

    it("by local pickup", async () => {
      expect(await idsOf({ pickup: "only" })).toEqual(["C0FFEE0002", "B7Q0000001", "C0FFEE0001"]);
      expect(await idsOf({ pickup: "none" })).toEqual([
        "D100500000",
        "B7Q0000002",
        "A1B2ZZZZZZ",
        "E000000001",
        "A1B2C3D4E5",
      ]);
    });

    it("by whole UTC days, the last day included to its last millisecond", async () => {
      expect(await idsOf({ from: "2026-03-01", to: "2026-03-01" })).toEqual([
        "A1B2ZZZZZZ",
        "E000000001",
        "A1B2C3D4E5",
      ]);
      expect(await idsOf({ from: "2026-03-02" })).toEqual([
        "D100500000",
        "C0FFEE0002",
        "B7Q0000002",
        "B7Q0000001",
      ]);
      expect(await idsOf({ to: "2026-02-28" })).toEqual(["C0FFEE0001"]);
    });

    it("by whole days of the shop's time zone", async () => {
      const losAngeles = "America/Los_Angeles";
      // Midnight UTC on March 2 is 4 pm on March 1 in Los Angeles.
      expect(await idsOf({ from: "2026-03-01", to: "2026-03-01" }, losAngeles)).toEqual([
        "B7Q0000001",
        "A1B2ZZZZZZ",
        "E000000001",
        "A1B2C3D4E5",
      ]);
      expect(await idsOf({ to: "2026-02-28" }, losAngeles)).toEqual(["C0FFEE0001"]);
      const counted = await inbox({ from: "2026-03-01", to: "2026-03-01" }, losAngeles);
      expect(counted.total).toBe(4);
    });

    it("combines the filters", async () => {
      expect(
        await idsOf({ kind: "purchase", pickup: "none", from: "2026-03-01", to: "2026-03-31" }),
      ).toEqual(["B7Q0000002", "E000000001", "A1B2C3D4E5"]);
    });
  });

  describe("search", () => {
    it("finds an order by its whole number, in any case", async () => {
      expect(await idsOf({ q: "a1b2c3d4e5" })).toEqual(["A1B2C3D4E5"]);
    });

    it("finds orders by the start of their number, not by a part further in", async () => {
      expect(await idsOf({ q: "A1B2" })).toEqual(["A1B2ZZZZZZ", "A1B2C3D4E5"]);
      expect(await idsOf({ q: "b7q" })).toEqual(["B7Q0000002", "B7Q0000001"]);
      expect(await idsOf({ q: "FFEE" })).toEqual([]);
    });

    it("finds orders by a part of the e-mail", async () => {
      expect(await idsOf({ q: "example.org" })).toEqual(["A1B2ZZZZZZ"]);
      expect(await idsOf({ q: "HOPPER@" })).toEqual(["A1B2ZZZZZZ"]);
    });

    it("finds orders by first, last or full name, in any case", async () => {
      expect(await idsOf({ q: "ada" })).toEqual(["E000000001", "A1B2C3D4E5"]);
      expect(await idsOf({ q: "LOVELACE" })).toEqual(["A1B2C3D4E5"]);
      expect(await idsOf({ q: "ada lovelace" })).toEqual(["A1B2C3D4E5"]);
      expect(await idsOf({ q: "hedy" })).toEqual(["D100500000"]);
      expect(await idsOf({ q: "Ada Hopper" })).toEqual([]);
    });

    it("matches % and _ literally", async () => {
      expect(await idsOf({ q: "100%" })).toEqual(["C0FFEE0001"]);
      expect(await idsOf({ q: "%" })).toEqual(["C0FFEE0001"]);
      expect(await idsOf({ q: "n_t" })).toEqual(["B7Q0000001"]);
      expect(await idsOf({ q: "\\" })).toEqual([]);
    });

    it("searches within the other filters", async () => {
      expect(
        await idsOf({ q: "ada", fulfilment: "unfulfilled", from: "2026-03-01", to: "2026-03-01" }),
      ).toEqual(["E000000001", "A1B2C3D4E5"]);
      expect(await idsOf({ q: "example.com", pickup: "only" })).toEqual([
        "C0FFEE0002",
        "C0FFEE0001",
      ]);
    });
  });

  it("counts each fulfilment tab with every filter but the tab, the payment filter included", async () => {
    const page = await inbox({ fulfilment: "unfulfilled", pickup: "only" });
    expect(page.orders.map((order) => order.id)).toEqual(["C0FFEE0002"]);
    expect(page.total).toBe(1);
    expect(page.counts.fulfilment).toEqual({
      ...noFulfilment,
      unfulfilled: 1,
      ready_for_pickup: 1,
      picked_up: 1,
    });
    const searched = await inbox({ fulfilment: "shipped", q: "example.com" });
    expect(searched.total).toBe(1);
    expect(searched.counts.fulfilment).toEqual({
      ...noFulfilment,
      unfulfilled: 2,
      shipped: 1,
      picked_up: 1,
      delivered: 1,
    });
    const refunded = await inbox({ payment: "refunded" });
    expect(refunded.total).toBe(1);
    expect(refunded.counts.fulfilment).toEqual({ ...noFulfilment, picked_up: 1 });
  });

  it("counts each payment status with every filter but the payment, the tab included", async () => {
    const page = await inbox({ payment: "refunded" });
    expect(page.counts.payment).toEqual({ paid: 6, partially_refunded: 1, refunded: 1 });
    const shipped = await inbox({ fulfilment: "shipped", payment: "paid" });
    expect(shipped).toMatchObject({ orders: [], total: 0 });
    expect(shipped.counts.payment).toEqual({ ...noPayment, partially_refunded: 1 });
    const pickups = await inbox({ pickup: "only", q: "example.com" });
    expect(pickups.counts.payment).toEqual({ ...noPayment, paid: 1, refunded: 1 });
  });

  it("counts an empty status as zero", async () => {
    const page = await inbox({ fulfilment: "cancelled" });
    expect(page).toMatchObject({ orders: [], total: 0, page: 1, pageCount: 1 });
    expect(page.counts.fulfilment.unfulfilled).toBe(3);
    expect(page.counts.payment).toEqual(noPayment);
  });
});

describe.each(testEngines)("the orders inbox's pages on %s", (engine) => {
  let database: TestDatabase;
  const number = (index: number) => `P${String(index).padStart(9, "0")}`;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await placeOrders(
      database.db,
      Array.from({ length: 30 }, (_, index) => ({
        id: number(index + 1),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index + 1)).toISOString(),
        name: ["Pat", "Page"],
        email: "pat@example.com",
        fulfilment: index % 2 === 0 ? "unfulfilled" : "shipped",
        totalCents: 1000,
        quantities: [1],
      })),
    );
  });
  afterAll(() => database.dispose());

  const inbox = (query: Partial<OrdersQuery>) =>
    findInboxOrders(database.db, { ...defaultOrdersQuery, ...query }, "UTC");
  const numbers = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, index) => number(from - index));

  it("gives 25 orders on the first page and the rest on the second", async () => {
    const first = await inbox({});
    expect(first.orders.map((order) => order.id)).toEqual(numbers(30, 6));
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    const second = await inbox({ page: 2 });
    expect(second.orders.map((order) => order.id)).toEqual(numbers(5, 1));
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
  });

  it("gives an empty page past the end, with the orders still counted", async () => {
    const past = await inbox({ page: 3 });
    expect(past).toMatchObject({ orders: [], total: 30, page: 3, pageCount: 2 });
    expect(past.counts.fulfilment).toEqual({ ...noFulfilment, unfulfilled: 15, shipped: 15 });
  });

  it("pages within a filter", async () => {
    const shipped = await inbox({ fulfilment: "shipped" });
    expect(shipped.orders).toHaveLength(15);
    expect(shipped).toMatchObject({ total: 15, pageCount: 1 });
    expect((await inbox({ fulfilment: "shipped", page: 2 })).orders).toEqual([]);
  });

  it("keeps the order of equal totals from one page to the next", async () => {
    const first = await inbox({ sort: "total-asc" });
    const second = await inbox({ sort: "total-asc", page: 2 });
    const ids = [...first.orders, ...second.orders].map((order) => order.id);
    expect(ids).toEqual(numbers(30, 1).reverse());
  });
});

describe.each(testEngines)("the inbox's days at their edges on %s", (engine) => {
  let database: TestDatabase;
  const times = {
    // 11:59:59 pm on November 24 in Los Angeles.
    LATE0NOV24: "2026-11-25T07:59:59.999Z",
    // 11 pm on November 25 in Los Angeles, already November 26 in UTC.
    LATE0NOV25: "2026-11-26T07:00:00Z",
    // Midnight starting November 26 in Los Angeles.
    START0NOV26: "2026-11-26T08:00:00Z",
    // 11:30 pm on March 7 in Los Angeles (standard time); the clocks go forward on March 8.
    LATE0MAR07: "2026-03-08T07:30:00Z",
    // 11:30 pm on March 8 in Los Angeles (summer time).
    LATE0MAR08: "2026-03-09T06:30:00Z",
  };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await placeOrders(
      database.db,
      Object.entries(times).map(([id, createdAt]) => ({
        id,
        createdAt,
        name: ["Edge", "Case"],
        email: "edge@example.com",
        fulfilment: "unfulfilled",
        totalCents: 1000,
        quantities: [1],
      })),
    );
  });
  afterAll(() => database.dispose());

  const idsOn = async (day: string, timeZone: string) =>
    (
      await findInboxOrders(database.db, { ...defaultOrdersQuery, from: day, to: day }, timeZone)
    ).orders.map((order) => order.id);

  it("puts an order at 11 pm in Los Angeles on that day, not on UTC's next one", async () => {
    expect(await idsOn("2026-11-25", "America/Los_Angeles")).toEqual(["LATE0NOV25"]);
    expect(await idsOn("2026-11-24", "America/Los_Angeles")).toEqual(["LATE0NOV24"]);
    expect(await idsOn("2026-11-26", "America/Los_Angeles")).toEqual(["START0NOV26"]);
    expect(await idsOn("2026-11-26", "UTC")).toEqual(["START0NOV26", "LATE0NOV25"]);
    expect(await idsOn("2026-11-25", "UTC")).toEqual(["LATE0NOV24"]);
  });

  it("keeps whole days across the change to summer time", async () => {
    expect(await idsOn("2026-03-07", "America/Los_Angeles")).toEqual(["LATE0MAR07"]);
    expect(await idsOn("2026-03-08", "America/Los_Angeles")).toEqual(["LATE0MAR08"]);
  });
});
