import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ItemId } from "~core/catalog";
import type { StockedBottleId } from "~core/stock";
import { paidSession, type TestShop, testShop } from "../../test/support/checkout";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import type { AuditActor } from "../audit/audit.server";
import { cancelCheckout } from "../checkout/cancel.server";
import { type CreateCheckoutResult, createCheckout } from "../checkout/create.server";
import {
  auditLog,
  mailOutbox,
  memberships,
  stockHolds,
  stockItems,
  stockLots,
  stockMovements,
  users,
} from "../db/schema.server";
import { fulfilCheckout } from "../orders/fulfil.server";
import type { PaymentProvider } from "../payments/provider.server";
import { adjustLot, receiveLot, setLowStockThreshold, stockOverview } from "./lots.server";
import { stockLevels, takeSoldBottles } from "./stock.server";

const staff: AuditActor = { id: "staff-1", email: "cellar@troiagrove.com" };
const today = new Date().toISOString().slice(0, 10);
const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
};

describe.each(testEngines)("stock by harvest lot on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  let client = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    shop = testShop(database.db);
  });
  afterAll(() => database.dispose());
  afterEach(() => vi.useRealTimers());
  /** Ends every hold, as if each checkout had closed, counts included. */
  const clearHolds = async () => {
    await database.db.delete(stockHolds);
    await database.db.update(stockItems).set({ held: 0 });
  };
  beforeEach(async () => {
    await clearHolds();
    await database.db.delete(stockMovements);
    await database.db.delete(stockLots);
  });

  const receive = (bottleId: StockedBottleId, bottles: number, harvestDate = monthsAgo(1)) =>
    receiveLot(database.db, staff, {
      bottleId,
      bottles,
      harvestDate,
      pressingDate: harvestDate,
      receiptKey: randomUUID(),
    });

  const checkout = (
    items: Array<{ itemId: ItemId; quantity: number }>,
    on: TestShop = shop,
  ): Promise<CreateCheckoutResult> =>
    createCheckout(on, {
      body: { items, localPickup: false },
      clientIp: `stock-client-${client++}`,
      cancelUrl: "http://shop.test/",
      affiliate: null,
    });

  const levels = async (bottleId: StockedBottleId) =>
    (await stockLevels(database.db, { today, now: new Date() }))[bottleId];

  it("gives the last Luxe to one of a tasting set and a single bottle racing for it", async () => {
    await receive("premium", 5);
    await receive("luxe", 1);
    await receive("privateReserve", 5);
    const results = await Promise.all([
      checkout([{ itemId: "tastingCollection", quantity: 1 }]),
      checkout([{ itemId: "luxe", quantity: 1 }]),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({ status: 409, error: { code: "out_of_stock" } });
    expect(refused && !refused.ok && refused.error.message).toMatch(/: Sold out$/);
    expect(await levels("luxe")).toMatchObject({ onHand: 1, held: 1, sellable: 0 });
  });

  it("sells exactly the last 20 bottles to 200 shoppers at once, sets and single bottles mixed", async () => {
    await receive("premium", 100);
    await receive("luxe", 20);
    await receive("privateReserve", 100);
    const wants = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0
        ? { itemId: "tastingCollection" as const, quantity: 1 }
        : { itemId: "luxe" as const, quantity: 1 + (index % 3) },
    );
    const results = await Promise.all(wants.map((line) => checkout([line])));
    const luxeSold = wants
      .filter((_, index) => results[index]?.ok)
      .reduce((sum, line) => sum + line.quantity, 0);
    expect(luxeSold).toBe(20);
    expect(await levels("luxe")).toMatchObject({ held: 20, sellable: 0 });
    for (const result of results) {
      if (!result.ok) expect(result.error.message).toMatch(/: (Sold out|Only [12] left)$/);
    }
  });

  it("says how many are left when fewer remain than the cart asks for", async () => {
    await receive("luxe", 2);
    const result = await checkout([{ itemId: "luxe", quantity: 3 }]);
    expect(result).toMatchObject({
      ok: false,
      error: { message: "Luxe, 375 ml: Only 2 left" },
    });
    expect(await levels("luxe")).toMatchObject({ held: 0, sellable: 2 });
  });

  it("lets a checkout take exactly what the Stock page counts as sellable", async () => {
    await receive("luxe", 12, monthsAgo(19));
    await receive("luxe", 30);
    expect((await checkout([{ itemId: "luxe", quantity: 3 }])).ok).toBe(true);
    const past = new Date(Date.now() - 60_000);
    await database.db.insert(stockHolds).values({
      holdKey: "expired-hold",
      bottleId: "luxe",
      quantity: 2,
      expiresAt: past,
    });
    await database.db
      .update(stockItems)
      .set({ held: sql`${stockItems.held} + 2` })
      .where(eq(stockItems.bottleId, "luxe"));
    await database.db.insert(memberships).values({
      subscriptionItemId: "si_stock_count",
      subscriptionId: "sub_stock_count",
      customerId: "cus_stock_count",
      itemId: "everydayLuxury",
      quantity: 2,
      unitPriceCents: 4900,
      nextInvoiceAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
      checkoutSessionId: "cs_stock_count",
    });
    try {
      const before = await levels("luxe");
      expect(before).toMatchObject({ onHand: 42, held: 3, committed: 4, sellable: 23 });
      expect(await checkout([{ itemId: "luxe", quantity: 24 }])).toMatchObject({
        ok: false,
        error: { message: "Luxe, 375 ml: Only 23 left" },
      });
      expect((await checkout([{ itemId: "luxe", quantity: 23 }])).ok).toBe(true);
      expect(await levels("luxe")).toMatchObject({ held: 26, sellable: 0 });
    } finally {
      await database.db
        .delete(memberships)
        .where(eq(memberships.subscriptionItemId, "si_stock_count"));
    }
  });

  it("sells a held bottle again once its checkout has expired", async () => {
    await receive("luxe", 1);
    expect((await checkout([{ itemId: "luxe", quantity: 1 }])).ok).toBe(true);
    expect((await checkout([{ itemId: "luxe", quantity: 1 }])).ok).toBe(false);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 41 * 60 * 1000);
    expect((await checkout([{ itemId: "luxe", quantity: 1 }])).ok).toBe(true);
  });

  it("keeps each bottle's count of held bottles equal to its holds through expiry, payment and cancellation", async () => {
    await receive("premium", 10);
    await receive("luxe", 10);
    await receive("privateReserve", 10);
    const open = async (items: Array<{ itemId: ItemId; quantity: number }>) => {
      const result = await checkout(items);
      if (!result.ok) throw new Error(result.error.message);
      return result.sessionId;
    };
    /** Each bottle's count beside the sum of its hold rows, and beside the live holds' sum. */
    const counts = async () => {
      const now = new Date();
      const [items, holds, stock] = await Promise.all([
        database.db.select().from(stockItems),
        database.db.select().from(stockHolds),
        stockLevels(database.db, { today, now }),
      ]);
      return items
        .filter((item) => ["premium", "luxe", "privateReserve"].includes(item.bottleId))
        .map((item) => {
          const mine = holds.filter((hold) => hold.bottleId === item.bottleId);
          const sum = (list: typeof holds) =>
            list.reduce((total, hold) => total + hold.quantity, 0);
          return {
            bottleId: item.bottleId,
            count: item.held,
            rows: sum(mine),
            live: sum(mine.filter((hold) => hold.expiresAt > now)),
            held: stock[item.bottleId].held,
          };
        })
        .sort((a, b) => a.bottleId.localeCompare(b.bottleId));
    };
    const paid = await open([{ itemId: "luxe", quantity: 2 }]);
    const cancelled = await open([{ itemId: "tastingCollection", quantity: 1 }]);
    const forgotten = await open([{ itemId: "luxe", quantity: 3 }]);
    expect(await counts()).toEqual([
      { bottleId: "luxe", count: 6, rows: 6, live: 6, held: 6 },
      { bottleId: "premium", count: 1, rows: 1, live: 1, held: 1 },
      { bottleId: "privateReserve", count: 1, rows: 1, live: 1, held: 1 },
    ]);
    // A cancellation and the payment report of another session, each sent twice at once.
    const report = { id: "evt_counts", session: await paidSession(database.db, paid) };
    await Promise.all([
      cancelCheckout(shop, cancelled),
      cancelCheckout(shop, cancelled),
      fulfilCheckout(shop, report),
      fulfilCheckout(shop, report),
    ]);
    expect(await counts()).toEqual([
      { bottleId: "luxe", count: 3, rows: 3, live: 3, held: 3 },
      { bottleId: "premium", count: 0, rows: 0, live: 0, held: 0 },
      { bottleId: "privateReserve", count: 0, rows: 0, live: 0, held: 0 },
    ]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 41 * 60 * 1000);
    // Past its time the forgotten checkout's hold stops counting before anything deletes it.
    expect(await counts()).toEqual([
      { bottleId: "luxe", count: 3, rows: 3, live: 0, held: 0 },
      { bottleId: "premium", count: 0, rows: 0, live: 0, held: 0 },
      { bottleId: "privateReserve", count: 0, rows: 0, live: 0, held: 0 },
    ]);
    const next = await open([{ itemId: "luxe", quantity: 1 }]);
    expect(await counts()).toEqual([
      { bottleId: "luxe", count: 1, rows: 1, live: 1, held: 1 },
      { bottleId: "premium", count: 0, rows: 0, live: 0, held: 0 },
      { bottleId: "privateReserve", count: 0, rows: 0, live: 0, held: 0 },
    ]);
    // The expired checkout paid late takes its bottles from the lots; its hold is already gone.
    await fulfilCheckout(shop, {
      id: "evt_late",
      session: await paidSession(database.db, forgotten),
    });
    await cancelCheckout(shop, next);
    expect(await counts()).toEqual([
      { bottleId: "luxe", count: 0, rows: 0, live: 0, held: 0 },
      { bottleId: "premium", count: 0, rows: 0, live: 0, held: 0 },
      { bottleId: "privateReserve", count: 0, rows: 0, live: 0, held: 0 },
    ]);
    expect(await levels("luxe")).toMatchObject({ onHand: 5, sellable: 5 });
  });

  it("gives the bottles back when the provider cannot open the session", async () => {
    await receive("luxe", 1);
    const failing: PaymentProvider = {
      ...shop.payments,
      createCheckoutSession: () => Promise.reject(new Error("provider down")),
    };
    const result = await checkout(
      [{ itemId: "luxe", quantity: 1 }],
      testShop(database.db, failing),
    );
    expect(result).toMatchObject({ ok: false, status: 502 });
    expect(await levels("luxe")).toMatchObject({ held: 0, sellable: 1 });
  });

  it("takes a paid order's bottles from the oldest lot first and ends its hold", async () => {
    const older = await receive("luxe", 1, monthsAgo(13));
    const newer = await receive("luxe", 5, monthsAgo(1));
    const opened = await checkout([{ itemId: "luxe", quantity: 2 }]);
    if (!opened.ok) throw new Error(opened.error.message);
    const session = await paidSession(database.db, opened.sessionId);
    await fulfilCheckout(shop, { id: "evt_stock", session });
    const onHand = async (lotId: number | null) =>
      (
        await database.db
          .select()
          .from(stockLots)
          .where(eq(stockLots.id, lotId ?? 0))
      )[0]?.onHand;
    expect(await onHand(older)).toBe(0);
    expect(await onHand(newer)).toBe(4);
    expect(await levels("luxe")).toMatchObject({ onHand: 4, held: 0, sellable: 4 });
    const sold = await database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.reason, "sold"), eq(stockMovements.lotId, older ?? 0)));
    expect(sold).toMatchObject([{ change: -1 }]);
  });

  it("takes the oldest lot's last bottles once when sales run at the same moment", async () => {
    const older = await receive("luxe", 3, monthsAgo(13));
    const newer = await receive("luxe", 20, monthsAgo(1));
    const sell = (orderId: string) =>
      database.db.transaction((tx) =>
        takeSoldBottles(tx, { orderId, lines: [{ itemId: "luxe", quantity: 1 }], today }),
      );
    const missing = await Promise.all(
      Array.from({ length: 8 }, (_, index) => sell(`TG-SAME-MOMENT-${index}`)),
    );
    expect(missing).toEqual(Array(8).fill(0));
    const lots = await database.db.select().from(stockLots);
    expect(lots.find((lot) => lot.id === older)?.onHand).toBe(0);
    expect(lots.find((lot) => lot.id === newer)?.onHand).toBe(15);
  });

  it("stops selling a lot 18 months after its harvest and flags it on the Stock page", async () => {
    await receive("privateReserve", 12, monthsAgo(19));
    expect(await levels("privateReserve")).toMatchObject({ onHand: 12, sellable: 0 });
    expect(await checkout([{ itemId: "privateReserve", quantity: 1 }])).toMatchObject({
      ok: false,
      error: { message: "Private Reserve, 375 ml: Sold out" },
    });
    const overview = await stockOverview(database.db, { today, now: new Date() });
    const reserve = overview.find((bottle) => bottle.bottleId === "privateReserve");
    expect(reserve?.lots).toMatchObject([{ onHand: 12, pastSellBy: true }]);
  });

  it("receives a lot once however often its form is sent, with its audit row", async () => {
    const receiptKey = randomUUID();
    const receipt = {
      bottleId: "premium" as const,
      bottles: 48,
      harvestDate: monthsAgo(1),
      pressingDate: monthsAgo(1),
      receiptKey,
    };
    const [first, second] = await Promise.all([
      receiveLot(database.db, staff, receipt),
      receiveLot(database.db, staff, receipt),
    ]);
    expect([first, second].filter((lot) => lot !== null)).toHaveLength(1);
    expect(await levels("premium")).toMatchObject({ onHand: 48 });
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(first ?? second)));
    expect(rows).toMatchObject([
      { action: "stock.lot_received", actorEmail: staff.email, after: { bottles: 48 } },
    ]);
  });

  it("records damage and count corrections once per form, refusing a form older than the count", async () => {
    const lotId = (await receive("luxe750", 24)) ?? 0;
    const damaged = { lotId, reason: "damaged" as const, bottles: 3, expectedOnHand: 24 };
    expect(await adjustLot(database.db, staff, damaged)).toEqual({ ok: true, onHand: 21 });
    expect(await adjustLot(database.db, staff, damaged)).toMatchObject({
      ok: false,
      reason: "changed",
    });
    expect(
      await adjustLot(database.db, staff, {
        lotId,
        reason: "count_correction",
        bottles: 19,
        expectedOnHand: 21,
      }),
    ).toEqual({ ok: true, onHand: 19 });
    expect(
      await adjustLot(database.db, staff, { ...damaged, bottles: 20, expectedOnHand: 19 }),
    ).toMatchObject({ ok: false, message: "This lot holds only 19 bottles." });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stock.lot_adjusted"), eq(auditLog.subjectId, String(lotId))));
    expect(audit.map((row) => row.after)).toEqual([
      { onHand: 21, reason: "Damaged" },
      { onHand: 19, reason: "Count correction" },
    ]);
  });

  it("e-mails each owner once when a bottle falls to its threshold, and again after it rose above", async () => {
    await database.db
      .insert(users)
      .values({ id: "owner-stock", email: "owner@troiagrove.com", name: "Owner", role: "owner" })
      .onConflictDoNothing();
    await database.db.delete(mailOutbox);
    await receive("privateReserve750", 12);
    await setLowStockThreshold(database.db, staff, { bottleId: "privateReserve750", threshold: 9 });
    const lowStockMails = () =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.template, "low-stock"));
    const restaurantBottle = { itemId: "privateReserve750" as const, quantity: 2 };
    const restaurant = (on: TestShop = shop) =>
      createCheckout(on, {
        body: { items: [restaurantBottle], localPickup: false },
        clientIp: `stock-client-${client++}`,
        cancelUrl: "http://shop.test/",
        affiliate: null,
        restaurantMode: true,
      });
    expect((await restaurant()).ok).toBe(true);
    expect(await lowStockMails()).toHaveLength(0);
    expect((await restaurant()).ok).toBe(true);
    expect((await restaurant()).ok).toBe(true);
    expect(await lowStockMails()).toMatchObject([
      {
        to: "owner@troiagrove.com",
        payload: { bottleName: "Private Reserve, 750 ml", sellable: 8, threshold: 9 },
      },
    ]);
    await receive("privateReserve750", 24);
    expect((await restaurant()).ok).toBe(true);
    await clearHolds();
    await database.db
      .update(stockLots)
      .set({ onHand: 5 })
      .where(eq(stockLots.bottleId, "privateReserve750"));
    expect((await restaurant()).ok).toBe(true);
    expect(await lowStockMails()).toHaveLength(2);
    const [item] = await database.db
      .select()
      .from(stockItems)
      .where(eq(stockItems.bottleId, "privateReserve750"));
    expect(item?.lowStockNoticedAt).not.toBeNull();
  });
});
