import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../../test/support/database";
import {
  type FakeStripe,
  startFakeStripe,
  stripeSubscription,
} from "../../../test/support/fake-stripe";
import { membershipNow, timelineEntries } from "../../../test/support/memberships";
import { catalogItemPage, setItemPrice } from "../../catalog/manage.server";
import { memberships, users } from "../../db/schema.server";
import { seedDemoData } from "../../db/seed/seed.server";
import { cancelMemberships, recordSubscription } from "../../memberships/store.server";
import { runStripeBilling } from "./billing.server";
import { createStripeProvider } from "./provider.server";

const dayMs = 86_400_000;
const at = (from: Date, days: number) => new Date(from.getTime() + days * dayMs);

describe.each(testEngines)("the shop's billing run for Stripe memberships on %s", (engine) => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let deps: Parameters<typeof runStripeBilling>[0];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, { onlyIfEmpty: false });
    fake = await startFakeStripe();
    deps = {
      db: database.db,
      payments: createStripeProvider({
        secretKey: "sk_test_fake_key",
        webhookSecret: "whsec_test_secret",
        api: fake.api,
      }),
    };
  });
  afterAll(async () => {
    await fake.close();
    await database.dispose();
  });

  /** A Stripe membership of Everyday Luxury at $49, started at `startedAt`. */
  async function stripeMembership(name: string, startedAt: Date) {
    const subscriptionId = `sub_${name}`;
    const customerId = `cus_${name}`;
    const subscriptionItemId = `si_${name}`;
    await recordSubscription(database.db, {
      subscriptionId,
      customerId,
      checkoutSessionId: `cs_${name}`,
      items: [{ subscriptionItemId, itemId: "everydayLuxury", quantity: 1, unitPriceCents: 4900 }],
      nextInvoiceAt: at(startedAt, 30),
      consent: { termsVersion: "2026-11", at: startedAt, email: `${name}@example.com` },
    });
    await database.db
      .update(memberships)
      .set({ createdAt: startedAt })
      .where(eq(memberships.subscriptionItemId, subscriptionItemId));
    const subscription = stripeSubscription({
      subscriptionId,
      customerId,
      subscriptionItemId,
      currentPeriodEnd: Date.parse("2027-01-15T10:00:00Z") / 1000,
    });
    fake.on("GET", `/v1/subscriptions/${subscriptionId}`, () => subscription);
    fake.on("POST", `/v1/subscriptions/${subscriptionId}`, () => subscription);
    return { subscriptionId, subscriptionItemId };
  }

  const updatesOf = (subscriptionId: string) =>
    fake.requests.filter(
      (request) =>
        request.method === "POST" && request.path === `/v1/subscriptions/${subscriptionId}`,
    );

  const timeline = (subscriptionItemId: string, kind: string) =>
    timelineEntries(database.db, subscriptionItemId, kind);

  it("moves the subscription to the plan's new price when the notice has run out, once", async () => {
    const joined = new Date("2026-11-01T10:00:00Z");
    const member = await stripeMembership("repriced", joined);
    const [owner] = await database.db
      .insert(users)
      .values({ id: "owner-1", name: "Olive Owner", email: "owner@example.com", role: "owner" })
      .returning({ id: users.id, email: users.email });
    if (!owner) throw new Error("no owner");
    const decidedAt = new Date("2026-12-01T10:00:00Z");
    const set = await setItemPrice(
      database.db,
      owner,
      "everydayLuxury",
      {
        latestPriceId: (await catalogItemPage(database.db, "everydayLuxury"))?.latestPriceId ?? -1,
        input: { priceCents: 5400, startsAt: null },
        publicUrl: "http://shop.test",
      },
      decidedAt,
    );
    expect(set).toMatchObject({ ok: true });

    const noticeEnds = at(decidedAt, 30);
    expect((await runStripeBilling(deps, at(noticeEnds, -1))).repriced).toEqual([]);
    expect(updatesOf(member.subscriptionId)).toHaveLength(0);

    const [first, second] = await Promise.all([
      runStripeBilling(deps, noticeEnds),
      runStripeBilling(deps, noticeEnds),
    ]);
    expect([...first.repriced, ...second.repriced]).toEqual([member.subscriptionItemId]);
    expect((await runStripeBilling(deps, at(noticeEnds, 1))).repriced).toEqual([]);

    const updates = updatesOf(member.subscriptionId);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.params).toMatchObject({
      "items[0][id]": member.subscriptionItemId,
      "items[0][price_data][currency]": "usd",
      "items[0][price_data][product]": `prod_${member.subscriptionItemId}`,
      "items[0][price_data][unit_amount]": "5400",
      "items[0][price_data][recurring][interval]": "month",
      proration_behavior: "none",
    });
    expect(updates[0]?.idempotencyKey).toBe(`${member.subscriptionItemId}-revision-1`);
    expect(await membershipNow(database.db, member.subscriptionItemId)).toMatchObject({
      unitPriceCents: 5400,
      revision: 1,
    });
    expect(await timeline(member.subscriptionItemId, "price-reached")).toHaveLength(1);
  });

  it("e-mails the terms on the anniversary, once, and none to a cancelled membership", async () => {
    const started = new Date("2025-12-15T10:00:00Z");
    const member = await stripeMembership("yearly", started);
    const cancelled = await stripeMembership("gone", started);
    await cancelMemberships(database.db, { subscriptionItemId: cancelled.subscriptionItemId });
    const anniversary = new Date("2026-12-15T10:00:00Z");

    expect((await runStripeBilling(deps, at(anniversary, -1))).termsReminded).toEqual([]);
    const [first, second] = await Promise.all([
      runStripeBilling(deps, anniversary),
      runStripeBilling(deps, anniversary),
    ]);
    expect([...first.termsReminded, ...second.termsReminded]).toEqual([member.subscriptionItemId]);
    expect((await runStripeBilling(deps, at(anniversary, 1))).termsReminded).toEqual([]);
    expect(await timeline(member.subscriptionItemId, "terms-reminded")).toMatchObject([
      { actor: "billing", request: { membershipYear: 1 } },
    ]);
    expect(await timeline(cancelled.subscriptionItemId, "terms-reminded")).toHaveLength(0);
  });
});
