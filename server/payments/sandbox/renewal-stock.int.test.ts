import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewalStockRetryDays } from "~core/stock";
import { seededShop, type TestShop } from "../../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../../test/support/database";
import { membershipNow, renewalOrdersOf, sandboxMember } from "../../../test/support/memberships";
import { mailOutbox, stockLots, users } from "../../db/schema.server";
import { runSandboxBilling } from "./billing.server";

const signUp = new Date("2026-11-22T10:00:00Z");
const dayMs = 86_400_000;
const laterBy = (from: Date, days: number) => new Date(from.getTime() + days * dayMs);

describe.each(testEngines)("a renewal whose bottles are missing, on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
    await database.db
      .insert(users)
      .values({ id: "owner-1", name: "Olive Owner", email: "owner@example.com", role: "owner" });
  });
  afterAll(() => database.dispose());

  const run = (now: Date) => runSandboxBilling(shop, now);
  const member = (email: string) => sandboxMember(shop, email, { at: signUp });
  const current = (id: string) => membershipNow(database.db, id);
  const renewals = async (subscriptionId: string) =>
    (await renewalOrdersOf(database.db, subscriptionId)).length;
  const mails = (template: "renewal-waiting-for-stock" | "membership-updated", to: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.to, to)));
  const luxeOnShelf = (bottles: number) =>
    database.db.update(stockLots).set({ onHand: bottles }).where(eq(stockLots.bottleId, "luxe"));

  it("waits without a charge, tells the owner once, and ships on the day the bottles came", async () => {
    const joined = await member("waiting@example.com");
    const due = joined.nextInvoiceAt;
    await luxeOnShelf(1);

    expect((await run(due)).billed).toEqual([]);
    expect(await current(joined.subscriptionItemId)).toMatchObject({
      stockRetries: 1,
      stockRetryAt: laterBy(due, 1),
      nextInvoiceAt: due,
    });
    expect((await run(laterBy(due, 0.5))).billed).toEqual([]);
    expect((await run(laterBy(due, 1))).billed).toEqual([]);
    const [told, ...again] = await mails("renewal-waiting-for-stock", "owner@example.com");
    expect(again).toEqual([]);
    expect(told?.payload).toMatchObject({
      membershipName: "Everyday Luxury",
      shortage: "Everyday Luxury: Sold out",
      retryDays: renewalStockRetryDays,
    });

    await luxeOnShelf(40);
    const shipped = await run(laterBy(due, 2));
    expect(shipped.billed).toHaveLength(1);
    expect(await renewals(joined.subscriptionId)).toBe(1);
    expect(await current(joined.subscriptionItemId)).toMatchObject({
      stockRetries: 0,
      stockRetryAt: null,
      status: "active",
    });
    // The month keeps its date: the next bill is a month after the day it was due.
    const next = (await current(joined.subscriptionItemId)).nextInvoiceAt;
    expect(next?.getUTCDate()).toBe(due.getUTCDate());
  });

  it("after five days of retries does not ship the month, charges nothing and tells the member", async () => {
    await luxeOnShelf(40);
    const joined = await member("never@example.com");
    const due = joined.nextInvoiceAt;
    await luxeOnShelf(0);

    for (let day = 0; day < renewalStockRetryDays; day += 1) {
      expect((await run(laterBy(due, day))).billed).toEqual([]);
    }
    expect((await current(joined.subscriptionItemId)).stockRetries).toBe(renewalStockRetryDays);
    await run(laterBy(due, renewalStockRetryDays));
    const gaveUp = await current(joined.subscriptionItemId);
    expect(gaveUp).toMatchObject({ stockRetries: 0, stockRetryAt: null, status: "active" });
    expect(gaveUp.nextInvoiceAt.getTime()).toBeGreaterThan(laterBy(due, 27).getTime());
    expect(await renewals(joined.subscriptionId)).toBe(0);
    const [told] = await mails("membership-updated", "never@example.com");
    expect(told?.payload).toMatchObject({
      summary: expect.stringContaining("You were not charged"),
    });
  });
});
