// Migration 0025 moves a checkout's hold key onto its session's record: the bottles an open
// session held before it are still given back when that session is cancelled or paid.
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  migrationsBefore,
  type TestDatabase,
  testEngines,
} from "../../test/support/database";
import { releaseHolds } from "../stock/stock.server";
import { checkoutSessions, stockHolds, stockItems } from "./schema.server";

describe.each(testEngines)("migration 0025, the hold key on the session, on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  async function openSession(id: string) {
    await database.db.execute(sql`
      insert into checkout_session (
        id, provider, mode, items, has_local_pickup, subtotal_cents, shipping_cents,
        discount_cents, total_cents, cancel_url
      ) values (
        ${id}, 'sandbox', 'payment', '[]'::jsonb, false, 4800, 0, 0, 4800, 'http://shop.test/'
      )`);
  }

  beforeAll(async () => {
    olderMigrations = migrationsBefore("0025_hold_key_on_checkout_session");
    database = await createTestDatabase(engine, olderMigrations);
    await openSession("cs_holding");
    await openSession("cs_holding_nothing");
    await database.db.execute(sql`
      insert into stock_item (bottle_id, held) values ('luxe', 2)
      on conflict (bottle_id) do update set held = 2`);
    await database.db.execute(sql`
      insert into stock_hold (hold_key, checkout_session_id, bottle_id, quantity, expires_at)
      values ('key-of-cs-holding', 'cs_holding', 'luxe', 2, now() + interval '30 minutes')`);
    await database.migrate();
  });

  afterAll(async () => {
    await database?.dispose();
    rmSync(olderMigrations, { recursive: true, force: true });
  });

  it("gives each open session the key of its holds, and none to a session holding nothing", async () => {
    const sessions = await database.db
      .select({ id: checkoutSessions.id, holdKey: checkoutSessions.holdKey })
      .from(checkoutSessions)
      .orderBy(checkoutSessions.id);
    expect(sessions).toEqual([
      { id: "cs_holding", holdKey: "key-of-cs-holding" },
      { id: "cs_holding_nothing", holdKey: null },
    ]);
  });

  it("gives the bottles back when a session opened before it closes", async () => {
    await releaseHolds(database.db, { checkoutSessionId: "cs_holding" });
    expect(await database.db.select().from(stockHolds)).toEqual([]);
    const [luxe] = await database.db
      .select({ held: stockItems.held })
      .from(stockItems)
      .where(eq(stockItems.bottleId, "luxe"));
    expect(luxe?.held).toBe(0);
  });
});
