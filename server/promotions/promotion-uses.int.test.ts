import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutMessages } from "~core/checkout-messages";
import { promoCodeMessages } from "~core/promo-notice";
import { seededShop, type TestShop } from "../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import { cancelCheckout } from "../checkout/cancel.server";
import { type CreateCheckoutInput, createCheckout } from "../checkout/create.server";
import { promotions, promotionUses } from "../db/schema.server";
import { paySandboxCheckout } from "../payments/sandbox/pay.server";
import { findCheckoutSession } from "../payments/sessions.server";
import { promotionHoldMs } from "./promotions.server";

const luxe = { items: [{ itemId: "luxe", quantity: 1 }], localPickup: true };

function payment(email: string) {
  return {
    email,
    name: "Ada Lovelace",
    line1: "",
    line2: "",
    city: "",
    state: "",
    postalCode: "",
    cardNumber: "4242 4242 4242 4242",
    expiry: "03/29",
    cvc: "123",
  };
}

describe.each(testEngines)("limited promotions on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  let client = 0;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());
  afterEach(() => vi.useRealTimers());

  const start = (body: unknown, input: Partial<CreateCheckoutInput> = {}) =>
    createCheckout(shop, {
      body,
      clientIp: `client-${client++}`,
      cancelUrl: "http://shop.test/",
      affiliate: null,
      ...input,
    });

  async function addPromotion(
    code: string,
    limits: { totalLimit?: number; perCustomerLimit?: number },
  ): Promise<number> {
    const [row] = await database.db
      .insert(promotions)
      .values({ code, couponId: code, percentOff: 10, ...limits })
      .returning({ id: promotions.id });
    if (!row) throw new Error("no promotion");
    return row.id;
  }

  async function uses(promotionId: number, status: "reserved" | "used" | "released") {
    const rows = await database.db
      .select()
      .from(promotionUses)
      .where(and(eq(promotionUses.promotionId, promotionId), eq(promotionUses.status, status)));
    return rows.length;
  }

  it("gives a limit of 10 to exactly 10 of 24 concurrent checkouts", async () => {
    const id = await addPromotion("TENONLY", { totalLimit: 10 });
    const results = await Promise.all(
      Array.from({ length: 24 }, () => start({ ...luxe, promoCode: "TENONLY" })),
    );
    const opened = results.filter((result) => result.ok);
    expect(opened).toHaveLength(10);
    for (const result of results) {
      if (!result.ok) {
        expect(result.error).toEqual({
          code: "promotion_refused",
          message: promoCodeMessages.limitReached,
        });
      }
    }
    expect(await uses(id, "reserved")).toBe(10);
    for (const result of opened) {
      if (!result.ok) continue;
      expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
        promotionCode: "TENONLY",
        discountCents: 330,
      });
    }
  });

  it("refuses the second use by the same guest e-mail, whatever its case", async () => {
    const id = await addPromotion("ONCEEACH", { perCustomerLimit: 1 });
    const needsEmail = await start({ ...luxe, promoCode: "ONCEEACH" });
    expect(needsEmail).toMatchObject({
      ok: false,
      error: { code: "email_needed", message: checkoutMessages.emailNeeded },
    });
    const first = await start({ ...luxe, promoCode: "ONCEEACH", email: "Guest@Example.com" });
    if (!first.ok) throw new Error(first.error.message);
    const paid = await paySandboxCheckout(
      {
        db: database.db,
        publicUrl: shop.publicUrl,
        shopTimeZone: shop.shopTimeZone,
        log: shop.log,
      },
      first.sessionId,
      payment("guest@example.com"),
    );
    expect(paid.outcome).toBe("paid");
    expect(await uses(id, "used")).toBe(1);
    const second = await start({ ...luxe, promoCode: "onceeach", email: "guest@EXAMPLE.com " });
    expect(second).toMatchObject({
      ok: false,
      status: 400,
      error: { message: promoCodeMessages.alreadyUsed },
    });
    const someoneElse = await start({ ...luxe, promoCode: "ONCEEACH", email: "other@example.com" });
    expect(someoneElse.ok).toBe(true);
  });

  it("gives a use back when its session expires or is cancelled, for the next shopper", async () => {
    const id = await addPromotion("JUSTONE", { totalLimit: 1 });
    freezeDate(new Date("2026-11-26T10:00:00Z"));
    const held = await start({ ...luxe, promoCode: "JUSTONE" });
    if (!held.ok) throw new Error(held.error.message);
    expect(await start({ ...luxe, promoCode: "JUSTONE" })).toMatchObject({
      error: { message: promoCodeMessages.limitReached },
    });
    vi.setSystemTime(new Date(Date.parse("2026-11-26T10:00:00Z") + promotionHoldMs + 1000));
    const afterExpiry = await start({ ...luxe, promoCode: "JUSTONE" });
    if (!afterExpiry.ok) throw new Error(afterExpiry.error.message);
    expect(await start({ ...luxe, promoCode: "JUSTONE" })).toMatchObject({ ok: false });
    expect(await cancelCheckout(shop, afterExpiry.sessionId)).toBe(true);
    expect(await findCheckoutSession(database.db, afterExpiry.sessionId)).toMatchObject({
      status: "expired",
    });
    expect(await uses(id, "released")).toBe(1);
    const afterCancel = await start({ ...luxe, promoCode: "JUSTONE" });
    expect(afterCancel.ok).toBe(true);
  });

  it("never cancels a session already paid, and counts its use as used", async () => {
    const id = await addPromotion("PAIDFIRST", { totalLimit: 1 });
    const held = await start({ ...luxe, promoCode: "PAIDFIRST" });
    if (!held.ok) throw new Error(held.error.message);
    await paySandboxCheckout(
      {
        db: database.db,
        publicUrl: shop.publicUrl,
        shopTimeZone: shop.shopTimeZone,
        log: shop.log,
      },
      held.sessionId,
      payment("paid@example.com"),
    );
    expect(await cancelCheckout(shop, held.sessionId)).toBe(false);
    expect(await uses(id, "used")).toBe(1);
    expect(await start({ ...luxe, promoCode: "PAIDFIRST" })).toMatchObject({
      error: { message: promoCodeMessages.limitReached },
    });
  });

  it("reserves nothing for an unlimited code, and counts its paid use", async () => {
    const [welcome] = await database.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.code, "WELCOME10"));
    if (!welcome) throw new Error("no WELCOME10");
    const opened = await start({ ...luxe, promoCode: "WELCOME10" });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(await uses(welcome.id, "reserved")).toBe(0);
    await paySandboxCheckout(
      {
        db: database.db,
        publicUrl: shop.publicUrl,
        shopTimeZone: shop.shopTimeZone,
        log: shop.log,
      },
      opened.sessionId,
      payment("welcome@example.com"),
    );
    expect(await uses(welcome.id, "used")).toBe(1);
  });

  it("does not reserve twice for a checkout sent again from the same browser", async () => {
    const id = await addPromotion("REPLAYED", { totalLimit: 1 });
    const first = await start({ ...luxe, promoCode: "REPLAYED" });
    if (!first.ok) throw new Error(first.error.message);
    const again = await start(
      { ...luxe, promoCode: "REPLAYED" },
      { openedSessionIds: [first.sessionId] },
    );
    if (!again.ok) throw new Error(again.error.message);
    expect(await uses(id, "reserved")).toBe(1);
    expect(await uses(id, "released")).toBe(1);
    expect(await findCheckoutSession(database.db, first.sessionId)).toMatchObject({
      status: "expired",
    });
    const paid = await paySandboxCheckout(
      {
        db: database.db,
        publicUrl: shop.publicUrl,
        shopTimeZone: shop.shopTimeZone,
        log: shop.log,
      },
      first.sessionId,
      payment("replay@example.com"),
    );
    expect(paid.outcome).toBe("closed");
  });

  it("takes over the same e-mail's open checkout, pressed twice at once or one after another", async () => {
    const id = await addPromotion("PRESSED", { perCustomerLimit: 1 });
    const body = { ...luxe, promoCode: "PRESSED", email: "twice@example.com" };
    const both = await Promise.all([start(body), start(body)]);
    expect(both.filter((result) => result.ok).length).toBeGreaterThanOrEqual(1);
    const third = await start(body);
    expect(third.ok).toBe(true);
    expect(await uses(id, "reserved")).toBe(1);
  });

  it("refuses a paused, ended or not-yet-started code, and one that does not apply, opening nothing", async () => {
    await database.db.insert(promotions).values([
      { code: "PAUSED", couponId: "PAUSED", percentOff: 10, active: false },
      {
        code: "ENDED",
        couponId: "ENDED",
        percentOff: 10,
        endsAt: new Date(Date.now() - 1000),
      },
      {
        code: "SOON",
        couponId: "SOON",
        percentOff: 10,
        startsAt: new Date(Date.now() + 60_000),
      },
      { code: "BIGONLY", couponId: "BIGONLY", amountOffCents: 500, minSubtotalCents: 10_000 },
      {
        code: "HOLIDAY",
        couponId: "HOLIDAY",
        percentOff: null,
        amountOffCents: null,
        eligibleItemIds: ["holidayTastingCollection"],
      },
    ]);
    const cases: Array<[string, string]> = [
      ["PAUSED", promoCodeMessages.expired],
      ["ENDED", promoCodeMessages.expired],
      ["SOON", promoCodeMessages.invalid],
      ["NOSUCHCODE", promoCodeMessages.invalid],
      ["BIGONLY", promoCodeMessages.belowMinimum],
      ["HOLIDAY", promoCodeMessages.notApplicable],
    ];
    for (const [promoCode, message] of cases) {
      expect(await start({ ...luxe, promoCode })).toMatchObject({
        ok: false,
        status: 400,
        error: { code: "promotion_refused", message },
      });
    }
  });

  it("ships free with a free-shipping code on its own items", async () => {
    const result = await start({
      items: [{ itemId: "holidayTastingCollection", quantity: 1 }],
      localPickup: false,
      promoCode: "HOLIDAY",
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
      shippingCents: 0,
      discountCents: 0,
      promotionCode: "HOLIDAY",
    });
  });
});
