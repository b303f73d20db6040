import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutMessages } from "~core/checkout-messages";
import { promoCodeMessages } from "~core/promo-notice";
import { seededShop, type TestShop } from "../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import { checkoutSessions, settings } from "../db/schema.server";
import { findCheckoutSession } from "../payments/sessions.server";
import { cancelUrlFrom, checkoutRateLimit, createCheckout } from "./create.server";

describe.each(testEngines)("starting a checkout on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  let client = 0;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());
  afterEach(() => vi.useRealTimers());

  const start = (body: unknown, clientIp = `client-${client++}`) =>
    createCheckout(shop, { body, clientIp, cancelUrl: "http://shop.test/", affiliate: "ref42" });

  it("prices the cart on the server and records what the session was opened for", async () => {
    const result = await start({
      items: [
        { itemId: "luxe", quantity: 1 },
        { itemId: "privateReserve", quantity: 1 },
      ],
      localPickup: false,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.url).toBe(`http://shop.test/checkout/sandbox/${result.sessionId}`);
    expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
      provider: "sandbox",
      mode: "payment",
      status: "open",
      subtotalCents: 7300,
      shippingCents: 1500,
      discountCents: 0,
      totalCents: 8800,
      affiliate: "ref42",
      promotion: null,
      items: [
        { itemId: "luxe", name: "Luxe 375 ml", quantity: 1, priceCents: 3300 },
        {
          itemId: "privateReserve",
          name: "Private Reserve 375 ml",
          quantity: 1,
          priceCents: 4000,
        },
      ],
    });
  });

  it("opens a subscription with free shipping for a membership", async () => {
    const result = await start({
      items: [{ itemId: "everydayLuxury", quantity: 1 }],
      localPickup: false,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
      mode: "subscription",
      shippingCents: 0,
      totalCents: 4900,
    });
  });

  it("applies an active promotion whatever its case, and keeps it on the session", async () => {
    const result = await start({
      items: [{ itemId: "tastingCollection", quantity: 1 }],
      localPickup: true,
      promoCode: "take5",
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
      promotionCode: "TAKE5",
      promotion: { codeName: "TAKE5", amountOffCents: 500, percentOff: null },
      discountCents: 500,
      shippingCents: 0,
      totalCents: 6100,
    });
  });

  it("follows the owner's free-shipping minimum at once", async () => {
    const before = await start({ items: [{ itemId: "luxe", quantity: 1 }], localPickup: false });
    await database.db.insert(settings).values({ key: "freeShippingMinCents", value: 3000 });
    const result = await start({ items: [{ itemId: "luxe", quantity: 1 }], localPickup: false });
    await database.db.delete(settings).where(eq(settings.key, "freeShippingMinCents"));
    if (!result.ok || !before.ok) throw new Error("the checkout was refused");
    expect(await findCheckoutSession(database.db, before.sessionId)).toMatchObject({
      shippingCents: 1500,
    });
    expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
      shippingCents: 0,
      totalCents: 3300,
    });
  });

  it("charges the owner's standard shipping at once", async () => {
    await database.db.insert(settings).values({ key: "standardShippingCents", value: 995 });
    const result = await start({ items: [{ itemId: "luxe", quantity: 1 }], localPickup: false });
    await database.db.delete(settings).where(eq(settings.key, "standardShippingCents"));
    if (!result.ok) throw new Error(result.error.message);
    expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
      shippingCents: 995,
      totalCents: 3300 + 995,
    });
  });

  const refusals: Array<[string, unknown, string]> = [
    [
      "a unit price",
      { items: [{ itemId: "luxe", quantity: 1, price: 1 }], localPickup: false },
      checkoutMessages.priceNotAccepted,
    ],
    [
      "a total",
      { items: [{ itemId: "luxe", quantity: 1 }], localPickup: false, totalCents: 100 },
      checkoutMessages.priceNotAccepted,
    ],
    [
      "a negative quantity",
      { items: [{ itemId: "luxe", quantity: -3 }], localPickup: false },
      checkoutMessages.invalidQuantity,
    ],
    [
      "a zero quantity",
      { items: [{ itemId: "luxe", quantity: 0 }], localPickup: false },
      checkoutMessages.invalidQuantity,
    ],
    [
      "a huge quantity",
      { items: [{ itemId: "luxe", quantity: 1_000_000 }], localPickup: false },
      checkoutMessages.invalidQuantity,
    ],
    [
      "a fractional quantity",
      { items: [{ itemId: "luxe", quantity: 1.5 }], localPickup: false },
      checkoutMessages.invalidQuantity,
    ],
    [
      "an unknown item",
      { items: [{ itemId: "goldBar", quantity: 1 }], localPickup: false },
      checkoutMessages.unknownItem("goldBar"),
    ],
    ["an empty cart", { items: [], localPickup: false }, checkoutMessages.emptyCart],
    [
      "an inactive promotion",
      { items: [{ itemId: "luxe", quantity: 1 }], localPickup: false, promoCode: "OLDCODE" },
      promoCodeMessages.expired,
    ],
    ["no items at all", { localPickup: false }, checkoutMessages.invalidRequest],
  ];

  it.each(refusals)("refuses %s and opens nothing", async (_case, body, message) => {
    const before = await database.db.select().from(checkoutSessions);
    const result = await start(body);
    expect(result).toMatchObject({ ok: false, status: 400, error: { message } });
    expect(await database.db.select().from(checkoutSessions)).toHaveLength(before.length);
  });

  it("limits how often one client may start a checkout", async () => {
    freezeDate();
    const body = { items: [{ itemId: "luxe", quantity: 1 }], localPickup: false };
    const results = [];
    for (let attempt = 0; attempt <= checkoutRateLimit.limit; attempt++) {
      results.push(await start(body, "203.0.113.9"));
    }
    expect(results.slice(0, -1).every((result) => result.ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({
      ok: false,
      status: 429,
      error: { code: "rate_limited", message: checkoutMessages.rateLimited },
    });
    expect((await start(body, "203.0.113.10")).ok).toBe(true);
  });

  it("records concurrent sessions, and one bad record fails only its own checkout", async () => {
    const body = { items: [{ itemId: "luxe", quantity: 2 }], localPickup: false };
    const gone = { userId: "no-such-user", email: "gone@example.com", paymentCustomerId: null };
    const results = await Promise.all(
      [null, gone, null].map((customer) =>
        createCheckout(shop, {
          body,
          customer,
          clientIp: `client-${client++}`,
          cancelUrl: "http://shop.test/",
          affiliate: null,
        }),
      ),
    );
    expect(results.map((result) => (result.ok ? "opened" : result.error.code))).toEqual([
      "opened",
      "provider_error",
      "opened",
    ]);
    for (const result of results) {
      if (result.ok) {
        expect(await findCheckoutSession(database.db, result.sessionId)).toMatchObject({
          totalCents: 6600 + 1500,
        });
      }
    }
  });
});

describe("the cancel URL", () => {
  it("is the shop page the shopper came from, otherwise the home page", () => {
    expect(cancelUrlFrom("http://shop.test/our-olive-oils?x=1", "http://shop.test")).toBe(
      "http://shop.test/our-olive-oils?x=1",
    );
    expect(cancelUrlFrom("https://evil.example/phish", "http://shop.test")).toBe(
      "http://shop.test/",
    );
    expect(cancelUrlFrom(null, "http://shop.test")).toBe("http://shop.test/");
    expect(cancelUrlFrom("not a url", "http://shop.test")).toBe("http://shop.test/");
  });
});
