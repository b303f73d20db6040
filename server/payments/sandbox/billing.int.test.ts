import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededShop, type TestShop } from "../../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../../test/support/database";
import { membershipNow, renewalOrdersOf, sandboxMember } from "../../../test/support/memberships";
import {
  auditLog,
  mailOutbox,
  membershipEvents,
  savedPaymentMethods,
} from "../../db/schema.server";
import { changeMembership } from "../../memberships/lifecycle.server";
import { fulfilRenewal } from "../../orders/fulfil.server";
import { readShopSettings, saveShopSettings } from "../../settings/settings.server";
import { runSandboxBilling } from "./billing.server";
import { updateMembershipCard } from "./card-update.server";
import { advanceSandboxClock, sandboxClockOffsetDays, sandboxNow } from "./clock.server";

const signUp = new Date("2026-11-22T10:00:00Z");
const dayMs = 86_400_000;
const at = (from: Date, days: number) => new Date(from.getTime() + days * dayMs);
const renewalDay = new Date("2026-12-22T10:00:00Z");

describe.each(testEngines)("the sandbox's billing run on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());

  const run = (now: Date) => runSandboxBilling(shop, now);

  const member = (email: string, cardNumber?: string) =>
    sandboxMember(shop, email, { cardNumber, at: signUp });
  const current = (id: string) => membershipNow(database.db, id);
  const renewalOrders = (subscriptionId: string) => renewalOrdersOf(database.db, subscriptionId);
  const mailTo = (email: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .then((rows) => rows.map((row) => row.template));

  it("records the terms, time and address agreed to at sign-up", async () => {
    const row = await member("consent@example.com");
    expect(row).toMatchObject({
      consentTermsVersion: "2026-11",
      consentEmail: "consent@example.com",
      consentAt: expect.any(Date),
    });
  });

  it("reminds three days before the charge, once", async () => {
    const row = await member("reminded@example.com");
    expect((await run(at(renewalDay, -4))).reminded).not.toContain(row.subscriptionItemId);
    expect((await run(at(renewalDay, -3))).reminded).toContain(row.subscriptionItemId);
    expect((await run(at(renewalDay, -2))).reminded).not.toContain(row.subscriptionItemId);
    const mail = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "reminded@example.com"));
    const reminders = mail.filter((message) => message.template === "membership-renewal-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.payload).toMatchObject({ amountCents: 4900, chargeDate: "12/22/2026" });
  });

  it("follows the dunning schedule on 4000 0000 0000 0341 to the end, then cancels", async () => {
    const row = await member("dunned@example.com", "4000 0000 0000 0341");
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(0);
    expect((await run(renewalDay)).declined).toContain(row.subscriptionItemId);
    expect(await current(row.subscriptionItemId)).toMatchObject({
      status: "past_due",
      failedAttempts: 1,
    });
    // Retries on days 1, 3, 5 and 7 after the first decline, and not between them.
    for (const [day, attempts] of [
      [0.5, 1],
      [1, 2],
      [2, 2],
      [3, 3],
      [5, 4],
    ] as const) {
      await run(at(renewalDay, day));
      expect((await current(row.subscriptionItemId)).failedAttempts).toBe(attempts);
    }
    expect((await current(row.subscriptionItemId)).status).toBe("past_due");
    expect((await run(at(renewalDay, 7))).ended).toContain(row.subscriptionItemId);
    expect(await current(row.subscriptionItemId)).toMatchObject({ status: "canceled" });
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(0);
    expect(await mailTo("dunned@example.com")).toEqual([
      "order-confirmation",
      "membership-payment-failed",
      "membership-updated",
    ]);
    await run(at(renewalDay, 40));
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(0);
  });

  it("does not retry a hard decline, and ends the membership on the last retry day", async () => {
    const row = await member("lost@example.com");
    await database.db
      .update(savedPaymentMethods)
      .set({ renewalDecline: "lost_card" })
      .where(eq(savedPaymentMethods.customerId, row.customerId));
    await run(renewalDay);
    expect(await current(row.subscriptionItemId)).toMatchObject({
      status: "past_due",
      hardDecline: true,
      failedAttempts: 1,
    });
    for (const day of [1, 3, 5]) await run(at(renewalDay, day));
    expect((await current(row.subscriptionItemId)).failedAttempts).toBe(1);
    await run(at(renewalDay, 7));
    expect(await current(row.subscriptionItemId)).toMatchObject({
      status: "canceled",
      failedAttempts: 0,
    });
  });

  it("pays the open renewal once with the card given on the update page", async () => {
    const row = await member("updates@example.com", "4000 0000 0000 0341");
    await run(renewalDay);
    const { cardUpdateToken } = await current(row.subscriptionItemId);
    const token = cardUpdateToken ?? "";
    const newCard = { cardNumber: "4242 4242 4242 4242", expiry: "04/30", cvc: "321" };
    expect(
      await updateMembershipCard(
        shop,
        token,
        { ...newCard, cardNumber: "4000 0000 0000 9987" },
        at(renewalDay, 0.2),
      ),
    ).toMatchObject({ outcome: "declined" });
    const [first, second] = await Promise.all([
      updateMembershipCard(shop, token, newCard, at(renewalDay, 0.2)),
      updateMembershipCard(shop, token, newCard, at(renewalDay, 0.2)),
    ]);
    expect([first?.outcome, second?.outcome]).toEqual(["updated", "updated"]);
    await run(at(renewalDay, 1));
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(1);
    expect(await current(row.subscriptionItemId)).toMatchObject({
      status: "active",
      failedAttempts: 0,
      nextInvoiceAt: new Date("2027-01-22T10:00:00Z"),
    });
  });

  it("bills no paused month, and bills again when the pause ends", async () => {
    const row = await member("paused@example.com");
    const paused = await changeMembership(shop, {
      customerIds: [row.customerId],
      subscriptionItemId: row.subscriptionItemId,
      revision: row.revision,
      request: { kind: "pause", months: 1 },
      actor: "member",
      now: at(signUp, 2),
    });
    expect(paused).toMatchObject({ outcome: "changed" });
    expect((await run(at(renewalDay, 1))).billed).toEqual([]);
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(0);
    await run(new Date("2027-01-22T10:00:00Z"));
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(1);
    expect(await current(row.subscriptionItemId)).toMatchObject({ status: "active" });
  });

  it("skips one month for a skip sent twice, and creates no order for it", async () => {
    const row = await member("skips@example.com");
    const skip = {
      customerIds: [row.customerId],
      subscriptionItemId: row.subscriptionItemId,
      revision: row.revision,
      request: { kind: "skip", invoiceAt: row.nextInvoiceAt } as const,
      actor: "member",
      now: at(signUp, 2),
    };
    const [first, second] = await Promise.all([
      changeMembership(shop, skip),
      changeMembership(shop, skip),
    ]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ outcome: "changed" });
    expect((await run(renewalDay)).skipped).toContain(row.subscriptionItemId);
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(0);
    expect((await current(row.subscriptionItemId)).nextInvoiceAt).toEqual(
      new Date("2027-01-22T10:00:00Z"),
    );
    const stale = await changeMembership(shop, { ...skip, request: { kind: "resume" } });
    expect(stale).toMatchObject({ outcome: "refused", status: 409 });
    const events = await database.db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.subscriptionItemId, row.subscriptionItemId));
    expect(events.map((event) => event.kind)).toEqual(["skip", "skipped"]);
  });

  it("bills a new plan from the next bill at its price", async () => {
    const row = await member("upgrades@example.com");
    const changed = await changeMembership(shop, {
      customerIds: [row.customerId],
      subscriptionItemId: row.subscriptionItemId,
      revision: row.revision,
      request: { kind: "change-plan", itemId: "trueConnoisseur" },
      actor: "member",
      now: at(signUp, 1),
    });
    expect(changed).toMatchObject({
      outcome: "changed",
      summary: "From 12/22/2026: True Connoisseur at $69 a month.",
    });
    await run(renewalDay);
    const [order] = await renewalOrders(row.subscriptionId);
    expect(order).toMatchObject({ totalCents: 6900 });
    expect(await current(row.subscriptionItemId)).toMatchObject({
      itemId: "trueConnoisseur",
      unitPriceCents: 6900,
      pendingItemId: null,
    });
  });

  it("cancels at the end of the paid period after the one offer, with the reason", async () => {
    const row = await member("leaves@example.com");
    const cancel = {
      customerIds: [row.customerId],
      subscriptionItemId: row.subscriptionItemId,
      actor: "member",
      now: at(signUp, 3),
    };
    const offered = await changeMembership(shop, {
      ...cancel,
      revision: row.revision,
      request: { kind: "cancel", reason: "price", declineOffer: false },
    });
    expect(offered).toEqual({ outcome: "offer" });
    const cancelled = await changeMembership(shop, {
      ...cancel,
      revision: row.revision + 1,
      request: { kind: "cancel", reason: "price", declineOffer: true },
    });
    expect(cancelled).toMatchObject({ outcome: "changed" });
    expect(await current(row.subscriptionItemId)).toMatchObject({
      status: "active",
      cancelAt: row.nextInvoiceAt,
      cancelReason: "price",
    });
    expect((await run(renewalDay)).ended).toContain(row.subscriptionItemId);
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(0);
    expect(await current(row.subscriptionItemId)).toMatchObject({ status: "canceled" });
  });

  it("creates one order for a renewal event delivered three times, and bills once for two runs at once", async () => {
    const row = await member("twice@example.com");
    const [first, second] = await Promise.all([run(renewalDay), run(renewalDay)]);
    const billed = [...(first?.billed ?? []), ...(second?.billed ?? [])];
    const mine = await renewalOrders(row.subscriptionId);
    expect(mine).toHaveLength(1);
    expect(billed).toContain(mine[0]?.id);
    const event = {
      id: "evt_in_replayed",
      invoice: {
        id: "in_replayed",
        subscriptionId: row.subscriptionId,
        subscriptionItemIds: [row.subscriptionItemId],
        amounts: { totalCents: 4900, shippingCents: 0, taxCents: 0, discountCents: 0 },
        shipping: null,
        nextInvoiceAt: new Date("2027-02-22T10:00:00Z"),
      },
    };
    const outcomes = [];
    for (let delivery = 0; delivery < 3; delivery += 1) {
      outcomes.push((await fulfilRenewal(shop, event)).outcome);
    }
    expect(outcomes).toEqual(["created", "already-done", "already-done"]);
    expect(await renewalOrders(row.subscriptionId)).toHaveLength(2);
  });

  it("moves the clock once per form, with its audit row, and bills at the clock's time", async () => {
    const owner = { id: "owner-1", email: "owner@example.com" };
    const fromDays = await sandboxClockOffsetDays(database.db);
    expect(await advanceSandboxClock(database.db, owner, { days: 3, fromDays })).toBe(fromDays + 3);
    expect(await advanceSandboxClock(database.db, owner, { days: 3, fromDays })).toBeNull();
    const real = new Date("2026-11-26T12:00:00Z");
    expect(await sandboxNow(database.db, real)).toEqual(at(real, fromDays + 3));
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sandbox.clock_advanced"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: "owner@example.com",
      before: { offsetDays: fromDays },
      after: { offsetDays: fromDays + 3 },
    });
  });

  it("retries on the days the owner set and then pauses, as the settings say", async () => {
    const owner = { id: "owner-dunning", email: "dunning-owner@example.com" };
    const loaded = await readShopSettings(database.db, shop.config);
    const submitted = { ...loaded, dunningRetryDays: "2, 4", dunningFinally: "pause" as const };
    expect(
      await saveShopSettings(database.db, shop.config, owner, { loaded, submitted }),
    ).toMatchObject({
      ok: true,
      changed: ["dunningRetryDays", "dunningFinally"],
    });
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, owner.email));
    expect(audited.map((entry) => [entry.subjectId, entry.after])).toEqual([
      ["dunningRetryDays", { dunningRetryDays: "2, 4" }],
      ["dunningFinally", { dunningFinally: "pause" }],
    ]);
    try {
      const row = await member("settled@example.com", "4000 0000 0000 0341");
      await run(renewalDay);
      for (const [day, attempts] of [
        [1, 1],
        [2, 2],
        [3, 2],
      ] as const) {
        await run(at(renewalDay, day));
        expect((await current(row.subscriptionItemId)).failedAttempts).toBe(attempts);
      }
      expect((await run(at(renewalDay, 4))).ended).toContain(row.subscriptionItemId);
      expect(await current(row.subscriptionItemId)).toMatchObject({
        status: "paused",
        nextInvoiceAt: new Date("2027-01-26T10:00:00Z"),
      });
      expect(await mailTo("settled@example.com")).toEqual([
        "order-confirmation",
        "membership-payment-failed",
        "membership-updated",
      ]);
    } finally {
      await saveShopSettings(database.db, shop.config, owner, {
        loaded: submitted,
        submitted: loaded,
      });
    }
  });
});
