import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededShop, type TestShop } from "../../test/support/checkout";
import { anotherInstanceOf, type TestDatabase, testEngines } from "../../test/support/database";
import { sandboxMember, timelineEntries } from "../../test/support/memberships";
import { mailOutbox, memberships } from "../db/schema.server";
import { runSandboxBilling } from "../payments/sandbox/billing.server";
import { cancelMemberships } from "./store.server";
import { sendTermsReminders } from "./terms-reminder.server";

const signUp = new Date("2026-11-22T10:00:00Z");
const anniversary = new Date("2027-11-22T10:00:00Z");
const dayMs = 86_400_000;
const at = (from: Date, days: number) => new Date(from.getTime() + days * dayMs);

describe.each(testEngines)("the yearly reminder of a membership's terms on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());

  /** A member since `signUp`, paid up to a bill after the anniversary (no renewals to run). */
  async function yearOldMember(email: string) {
    const row = await sandboxMember(shop, email, { at: signUp });
    await database.db
      .update(memberships)
      .set({ createdAt: signUp, nextInvoiceAt: at(anniversary, 10) })
      .where(eq(memberships.subscriptionItemId, row.subscriptionItemId));
    return row;
  }

  const remindersTo = (email: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "membership-terms-reminder")));

  const timeline = (subscriptionItemId: string) =>
    timelineEntries(database.db, subscriptionItemId, "terms-reminded");

  it("e-mails the terms agreed to on the anniversary, from the billing run, not before", async () => {
    const row = await yearOldMember("anniversary@example.com");
    expect((await runSandboxBilling(shop, at(anniversary, -1))).termsReminded).toEqual([]);
    expect(await remindersTo("anniversary@example.com")).toHaveLength(0);

    const run = await runSandboxBilling(shop, anniversary);
    expect(run.termsReminded).toEqual([row.subscriptionItemId]);
    const [mail] = await remindersTo("anniversary@example.com");
    expect(mail?.payload).toMatchObject({
      membershipName: "Everyday Luxury",
      amountCents: 4900,
      memberSince: "11/22/2026",
      billingDay: 2,
      termsVersion: "2026-11",
    });
    expect(await timeline(row.subscriptionItemId)).toMatchObject([
      { actor: "billing", request: { membershipYear: 1 } },
    ]);

    expect((await runSandboxBilling(shop, at(anniversary, 20))).termsReminded).toEqual([]);
    expect(await remindersTo("anniversary@example.com")).toHaveLength(1);
  });

  it("sends one reminder when two instances run at the same time", async () => {
    const row = await yearOldMember("twice@example.com");
    const other = anotherInstanceOf(database);
    try {
      const runs = await Promise.all([
        sendTermsReminders(database.db, anniversary, "sandbox"),
        sendTermsReminders(other.db, anniversary, "sandbox"),
        runSandboxBilling(shop, anniversary).then((run) => run.termsReminded),
      ]);
      expect(runs.flat().filter((id) => id === row.subscriptionItemId)).toHaveLength(1);
    } finally {
      await other.dispose();
    }
    expect(await remindersTo("twice@example.com")).toHaveLength(1);
    expect(await timeline(row.subscriptionItemId)).toHaveLength(1);
  });

  it("sends nothing to a cancelled membership", async () => {
    const row = await yearOldMember("cancelled@example.com");
    await cancelMemberships(database.db, { subscriptionItemId: row.subscriptionItemId });
    expect(await sendTermsReminders(database.db, anniversary, "sandbox")).not.toContain(
      row.subscriptionItemId,
    );
    expect(await remindersTo("cancelled@example.com")).toHaveLength(0);
  });

  it("reminds again on the next anniversary, once", async () => {
    const row = await yearOldMember("two-years@example.com");
    expect(await sendTermsReminders(database.db, anniversary, "sandbox")).toContain(
      row.subscriptionItemId,
    );
    const nextYear = new Date("2028-11-22T10:00:00Z");
    expect(await sendTermsReminders(database.db, at(nextYear, -1), "sandbox")).not.toContain(
      row.subscriptionItemId,
    );
    expect(await sendTermsReminders(database.db, nextYear, "sandbox")).toContain(
      row.subscriptionItemId,
    );
    expect(await sendTermsReminders(database.db, nextYear, "sandbox")).not.toContain(
      row.subscriptionItemId,
    );
    expect((await timeline(row.subscriptionItemId)).map((entry) => entry.request)).toEqual([
      { membershipYear: 1 },
      { membershipYear: 2 },
    ]);
  });
});
