import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertJsonRows, selectJsonRows } from "./json-rows.server";
import { checkoutSessions, requestCounters } from "./schema.server";
import { createTestDatabase, type TestDatabase, testEngines } from "./testing.server";

const session = (id: string, overrides: Partial<typeof checkoutSessions.$inferInsert> = {}) => ({
  id,
  provider: "sandbox" as const,
  mode: "payment" as const,
  items: [
    {
      itemId: "luxe",
      name: "Luxe 375 ml",
      quantity: 1,
      listPriceCents: 3300,
      priceCents: 3300,
      totalCents: 3300,
    },
  ],
  hasLocalPickup: false,
  promotionCode: null,
  promotion: null,
  affiliate: null,
  customerEmail: null,
  paymentCustomerId: null,
  userId: null,
  subtotalCents: 3300,
  shippingCents: 1500,
  discountCents: 0,
  totalCents: 4800,
  cancelUrl: "http://shop.test/",
  ...overrides,
});

describe.each(testEngines)("rows as one JSON parameter on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("inserts every row as written, and leaves unnamed columns to their defaults", async () => {
    const before = new Date(Date.now() - 1000);
    const promotion = { couponId: "c1", codeName: "TAKE5", amountOffCents: 500, percentOff: null };
    await database.db.execute(
      insertJsonRows(checkoutSessions, [
        session("cs_json_1", { promotionCode: "TAKE5", promotion, discountCents: 500 }),
        session("cs_json_2", { affiliate: `chef "maria" ✓ ' --`, hasLocalPickup: true }),
      ]),
    );
    const [first] = await database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, "cs_json_1"));
    expect(first).toMatchObject({
      ...session("cs_json_1"),
      promotionCode: "TAKE5",
      promotion,
      discountCents: 500,
    });
    expect(first?.status).toBe("open");
    expect(first?.taxCents).toBe(0);
    expect(first?.createdAt.getTime()).toBeGreaterThan(before.getTime());
    const [second] = await database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, "cs_json_2"));
    expect(second).toMatchObject({
      affiliate: `chef "maria" ✓ ' --`,
      hasLocalPickup: true,
      promotion: null,
    });
  });

  it("feeds an insert … select with timestamps, conflict handling and returned rows", async () => {
    const windowStart = new Date("2026-11-23T10:00:00.000Z");
    const upsert = (count: number) =>
      database.db
        .insert(requestCounters)
        .select(selectJsonRows(requestCounters, [{ key: "k", windowStart, count }]))
        .onConflictDoUpdate({
          target: [requestCounters.key, requestCounters.windowStart],
          set: { count: sql`${requestCounters.count} + excluded.count` },
        })
        .returning();
    expect(await upsert(2)).toEqual([{ key: "k", windowStart, count: 2 }]);
    expect(await upsert(3)).toEqual([{ key: "k", windowStart, count: 5 }]);
  });
});
