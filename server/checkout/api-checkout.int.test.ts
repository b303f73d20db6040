import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieHeader } from "../../test/support/auth";
import { testEngines } from "../../test/support/database";
import {
  freezeDate,
  type RunningTestShop,
  shopClient,
  startBuiltShop,
} from "../../test/support/shop";
import { findCheckoutSession } from "../payments/sessions.server";

const bottles = {
  items: [
    { itemId: "luxe", quantity: 1 },
    { itemId: "privateReserve", quantity: 1 },
  ],
  localPickup: false,
  promoCode: "WELCOME10",
};

describe.each(testEngines)("POST /api/checkout on %s", (engine) => {
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;
  let clients = 0;

  beforeAll(async () => {
    shop = await startBuiltShop(engine, { TRUST_PROXY: "1", RESTAURANT_ACCESS_CODE: "chef-2026" });
    client = shopClient(shop.url);
  });
  afterAll(() => shop.stop());
  afterEach(() => vi.useRealTimers());

  /** A JSON post from a client address of its own unless `from` names one. */
  const post = (
    body: unknown,
    options: { cookie?: string; from?: string; referer?: string } = {},
  ) =>
    client.postJson("/api/checkout", body, {
      cookie: options.cookie,
      from: options.from ?? `10.9.0.${++clients}`,
      headers: options.referer ? { Referer: options.referer } : {},
    });

  const openedSession = async (response: Response) => {
    const { url: providerUrl } = (await response.json()) as { url: string };
    const sessionId = providerUrl.split("/").at(-1) ?? "";
    return findCheckoutSession(shop.database.db, sessionId);
  };

  const errorCode = async (response: Response) =>
    ((await response.json()) as { error: { code: string } }).error.code;

  it("opens a session priced by the server and remembers it in a signed cookie", async () => {
    const response = await post(bottles, {
      cookie: "affiliate=chef_maria",
      referer: `${shop.url}/our-olive-oils`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^checkout=[\w-]+\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly/),
    ]);
    expect(await openedSession(response)).toMatchObject({
      mode: "payment",
      promotionCode: "WELCOME10",
      discountCents: 730,
      totalCents: 8070,
      affiliate: "chef_maria",
      cancelUrl: `${shop.url}/our-olive-oils`,
      customerEmail: null,
      userId: null,
    });
  });

  it("opens the session for the signed-in shopper's account", async () => {
    const cookie = await client.register("ada@example.com", { from: "10.7.0.1" });
    const response = await post(bottles, {
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await openedSession(response)).toMatchObject({ customerEmail: "ada@example.com" });
  });

  it("charges list prices in restaurant mode, whatever the promotion", async () => {
    const granted = await client.postForm(
      "/access",
      { kind: "restaurant", accessCode: "chef-2026", returnTo: "/restaurants" },
      { from: "10.8.0.1" },
    );
    expect(granted.status).toBe(302);
    const response = await post(bottles, { cookie: cookieHeader(granted.headers.getSetCookie()) });
    expect(await openedSession(response)).toMatchObject({
      promotionCode: null,
      discountCents: 0,
      totalCents: 8800,
    });
  });

  it("sells the 750 ml bottles only with restaurant access", async () => {
    const restaurantBottles = {
      items: [{ itemId: "premium750", quantity: 2 }],
      localPickup: false,
    };
    const refused = await post(restaurantBottles);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: "restaurant_only",
        message: "These bottles are available to partner restaurants",
      },
    });
    const granted = await client.postForm(
      "/access",
      { kind: "restaurant", accessCode: "chef-2026", returnTo: "/restaurants" },
      { from: "10.8.0.2" },
    );
    const allowed = await post(restaurantBottles, {
      cookie: cookieHeader(granted.headers.getSetCookie()),
    });
    expect(allowed.status).toBe(200);
    expect(await openedSession(allowed)).toMatchObject({ totalCents: 5800 + 1500 });
  });

  it("refuses unknown keys in the request and its lines, __proto__ included", async () => {
    const line = '{"itemId":"luxe","quantity":1}';
    const requestProto = await post(`{"items":[${line}],"__proto__":{"promoCode":"TAKE5"}}`);
    expect(requestProto.status).toBe(400);
    expect(await errorCode(requestProto)).toBe("invalid_request");
    const lineProto = await post(`{"items":[{"itemId":"luxe","quantity":1,"__proto__":{}}]}`);
    expect(await errorCode(lineProto)).toBe("invalid_request");
    expect(await errorCode(await post({ ...bottles, gift: true }))).toBe("invalid_request");
  });

  it("refuses a bad cart with the reason, and a price from the browser", async () => {
    const refused = await post({ items: [{ itemId: "luxe", quantity: 100 }], localPickup: false });
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe("invalid_quantity");
    const priced = await post({ items: [{ itemId: "luxe", quantity: 1, priceCents: 1 }] });
    expect(await errorCode(priced)).toBe("price_not_accepted");
  });

  it("answers only JSON posts of at most 16 KB", async () => {
    const get = await fetch(`${shop.url}/api/checkout`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const form = await client.postForm("/api/checkout", { items: "luxe" });
    expect(form.status).toBe(415);
    expect((await post("{not json")).status).toBe(400);
    const oversize = await post({ ...bottles, padding: "x".repeat(20_000) });
    expect(oversize.status).toBe(413);
  });

  it("counts the rate limit per client address, as the trusted proxy reports it", async () => {
    freezeDate();
    const from = "198.18.0.1";
    for (let attempt = 0; attempt < 20; attempt++) {
      // Whatever the client writes in front of the proxy's entry changes nothing.
      expect((await post(bottles, { from: `203.0.113.${attempt}, ${from}` })).status).toBe(200);
    }
    const limited = await post(bottles, { from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await errorCode(limited)).toBe("rate_limited");
    expect((await post(bottles, { from: "198.18.0.2" })).status).toBe(200);
  });
});
