import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specCatalog } from "~core/catalog";
import { openCheckout, seededShop, type TestShop } from "../../test/support/checkout";
import { sandboxPaymentForm } from "../../test/support/customers";
import { type TestDatabase, testEngines } from "../../test/support/database";
import { sandboxMember } from "../../test/support/memberships";
import type { AuditActor } from "../audit/audit.server";
import { createCheckout } from "../checkout/create.server";
import { auditLog, mailOutbox, orderItems, users } from "../db/schema.server";
import { findOrderByCheckoutSession } from "../orders/queries.server";
import { runSandboxBilling } from "../payments/sandbox/billing.server";
import { paySandboxCheckout } from "../payments/sandbox/pay.server";
import { readCatalog } from "./catalog.server";
import { catalogItemPage, catalogOverview, setItemPrice, updateItemDetails } from "./manage.server";

const dayMs = 24 * 60 * 60 * 1000;

describe.each(testEngines)("the owner's catalog on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  let owner: AuditActor;

  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
    const [row] = await database.db
      .insert(users)
      .values({ id: "owner-1", name: "Olive Owner", email: "owner@example.com", role: "owner" })
      .returning({ id: users.id, email: users.email });
    if (!row) throw new Error("no owner");
    owner = row;
  });
  afterAll(() => database.dispose());

  const latestPriceId = async (itemId: "luxe" | "premium" | "everydayLuxury") =>
    (await catalogItemPage(database.db, itemId))?.latestPriceId ?? -1;

  const auditRows = (action: string, subjectId: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));

  it("opens with the spec's catalog", async () => {
    expect(await readCatalog(database.db)).toEqual(specCatalog);
    const rows = await catalogOverview(database.db);
    expect(rows.map((row) => row.next)).toEqual(rows.map(() => null));
  });

  it("charges a new price from now, while an earlier order keeps what it was charged", async () => {
    const before = await openCheckout(shop, { items: [{ itemId: "luxe", quantity: 1 }] });
    const set = await setItemPrice(database.db, owner, "luxe", {
      latestPriceId: await latestPriceId("luxe"),
      input: { priceCents: 3500, startsAt: null },
      publicUrl: shop.publicUrl,
    });
    expect(set).toMatchObject({ ok: true, item: { priceCents: 3500 }, membersTold: 0 });
    expect((await readCatalog(database.db)).luxe.priceCents).toBe(3500);

    const after = await openCheckout(shop, { items: [{ itemId: "luxe", quantity: 1 }] });
    await paySandboxCheckout(shop, before, sandboxPaymentForm("before@example.com"));
    await paySandboxCheckout(shop, after, sandboxPaymentForm("after@example.com"));
    const charged = async (sessionId: string) => {
      const order = await findOrderByCheckoutSession(database.db, sessionId);
      const [line] = await database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? ""));
      return line?.listPriceCents;
    };
    expect(await charged(before)).toBe(3300);
    expect(await charged(after)).toBe(3500);

    const [audit] = await auditRows("catalog.price_set", "luxe");
    expect(audit).toMatchObject({
      actorEmail: "owner@example.com",
      before: { item: "Luxe, 375 ml", priceCents: 3300 },
      after: { priceCents: 3500 },
    });
  });

  it("refuses a second press of the same price form: one price, one audit row", async () => {
    const loaded = await latestPriceId("premium");
    const form = {
      latestPriceId: loaded,
      input: { priceCents: 2600, startsAt: null },
      publicUrl: shop.publicUrl,
    };
    const [first, second] = await Promise.all([
      setItemPrice(database.db, owner, "premium", form),
      setItemPrice(database.db, owner, "premium", form),
    ]);
    expect([first?.ok, second?.ok].sort()).toEqual([false, true]);
    expect(await auditRows("catalog.price_set", "premium")).toHaveLength(1);
    expect(
      (await catalogItemPage(database.db, "premium"))?.history.map((entry) => entry.priceCents),
    ).toEqual([2600, 2400]);
  });

  it("starts a scheduled price on its day, and lists it until then", async () => {
    const now = new Date();
    const startsAt = new Date(now.getTime() + 3 * dayMs);
    await setItemPrice(
      database.db,
      owner,
      "premium",
      {
        latestPriceId: await latestPriceId("premium"),
        input: { priceCents: 2800, startsAt },
        publicUrl: shop.publicUrl,
      },
      now,
    );
    expect((await readCatalog(database.db, now)).premium.priceCents).toBe(2600);
    expect(
      (await readCatalog(database.db, new Date(startsAt.getTime() + 1000))).premium.priceCents,
    ).toBe(2800);
    const page = await catalogItemPage(database.db, "premium", now);
    expect(page?.scheduled.map((entry) => entry.priceCents)).toEqual([2800]);
    const row = (await catalogOverview(database.db, now)).find(
      (each) => each.item.id === "premium",
    );
    expect(row?.next).toEqual({ priceCents: 2800, startsAt });
  });

  it("saves names and switches, refuses a stale form, and stops selling an inactive item", async () => {
    const page = await catalogItemPage(database.db, "privateReserve");
    const details = {
      name: "Private Reserve",
      description: "Pressed within the hour, for the table.",
      active: false,
      discountEligible: true,
    };
    const saved = await updateItemDetails(database.db, owner, "privateReserve", {
      version: page?.version ?? "",
      details,
    });
    expect(saved).toMatchObject({ ok: true, item: { active: false } });
    const stale = await updateItemDetails(database.db, owner, "privateReserve", {
      version: page?.version ?? "",
      details: { ...details, active: true },
    });
    expect(stale).toEqual({ ok: false, stale: true });
    expect(await auditRows("catalog.item_updated", "privateReserve")).toHaveLength(1);

    const refused = await createCheckout(shop, {
      body: { items: [{ itemId: "privateReserve", quantity: 1 }] },
      clientIp: "catalog-test",
      cancelUrl: `${shop.publicUrl}/our-olive-oils`,
      affiliate: null,
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      error: { code: "not_available", message: "Private Reserve, 375 ml is no longer available" },
    });
  });

  it("tells a plan's members a new price and bills it only after 30 days", async () => {
    const member = await sandboxMember(shop, "member@example.com");
    const decidedAt = new Date(member.createdAt.getTime() + 5 * dayMs);

    const set = await setItemPrice(
      database.db,
      owner,
      "everydayLuxury",
      {
        latestPriceId: await latestPriceId("everydayLuxury"),
        input: { priceCents: 5400, startsAt: null },
        publicUrl: shop.publicUrl,
      },
      decidedAt,
    );
    expect(set).toMatchObject({ ok: true, membersTold: 1 });
    const [notice] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "plan-price-notice"));
    expect(notice).toMatchObject({
      to: "member@example.com",
      payload: { planName: "Everyday Luxury", newPriceCents: 5400 },
    });

    const billed = async (at: Date) => {
      const run = await runSandboxBilling(shop, at);
      const [orderId] = run.billed;
      const [line] = await database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId ?? ""));
      return line?.listPriceCents;
    };
    expect(await billed(member.nextInvoiceAt)).toBe(4900);
    const secondMonth = new Date(member.nextInvoiceAt.getTime() + 31 * dayMs);
    expect(await billed(secondMonth)).toBe(5400);
  });
});
