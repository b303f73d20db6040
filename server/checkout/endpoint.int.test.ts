import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { submitAccessCode } from "../access/access.server";
import {
  cookieHeader,
  createTestShop,
  registerTestCustomer,
  shopRequest,
  type TestShop,
} from "../auth/testing.server";
import { seedDemoData } from "../db/seed/seed.server";
import { testEngines } from "../db/testing.server";
import { freezeDate } from "../http/testing.server";
import { findCheckoutSession } from "../payments/sessions.server";
import { checkoutEndpoint } from "./endpoint.server";

const bottles = {
  items: [
    { itemId: "luxe", quantity: 1 },
    { itemId: "privateReserve", quantity: 1 },
  ],
  localPickup: false,
  promoCode: "WELCOME10",
};

describe.each(testEngines)("POST /api/checkout on %s", (engine) => {
  let shop: TestShop;
  let server: Server;
  let url: string;
  let client = 0;

  beforeAll(async () => {
    shop = await createTestShop(engine, { TRUST_PROXY: "on", RESTAURANT_ACCESS_CODE: "chef-2026" });
    await seedDemoData(shop.database.db, { onlyIfEmpty: false });
    server = createServer(checkoutEndpoint(shop.services()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/checkout`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await shop.dispose();
  });
  afterEach(() => vi.useRealTimers());

  /** A JSON post from a client address of its own unless `from` names one. */
  const post = (body: unknown, headers: Record<string, string> = {}, from = `10.9.0.${++client}`) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": from, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const openedSession = async (response: Response) => {
    const { url: providerUrl } = (await response.json()) as { url: string };
    const sessionId = providerUrl.split("/").at(-1) ?? "";
    return findCheckoutSession(shop.database.db, sessionId);
  };

  it("opens a session priced by the server and remembers it in a signed cookie", async () => {
    const response = await post(bottles, {
      Cookie: "affiliate=chef_maria",
      Referer: "http://shop.test/our-olive-oils",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
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
      cancelUrl: "http://shop.test/our-olive-oils",
      customerEmail: null,
      userId: null,
    });
  });

  it("opens the session for the signed-in shopper's account", async () => {
    const customer = await registerTestCustomer(shop);
    const response = await post(bottles, { Cookie: customer.cookie });
    expect(response.status).toBe(200);
    expect(await openedSession(response)).toMatchObject({
      customerEmail: customer.user.email,
      userId: customer.user.id,
    });
  });

  it("charges list prices in restaurant mode, whatever the promotion", async () => {
    const granted = await submitAccessCode(
      shopRequest("/access"),
      { kind: "restaurant", accessCode: "chef-2026" },
      shop.services(`10.8.0.${++client}`),
    );
    if (!granted.ok) throw new Error(granted.error);
    const response = await post(bottles, { Cookie: cookieHeader([granted.setCookie]) });
    expect(await openedSession(response)).toMatchObject({
      promotionCode: null,
      discountCents: 0,
      totalCents: 8800,
    });
  });

  it("refuses a bad cart with the reason, and a price from the browser", async () => {
    const refused = await post({ items: [{ itemId: "luxe", quantity: 100 }], localPickup: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_quantity",
    );
    const priced = await post({ items: [{ itemId: "luxe", quantity: 1, priceCents: 1 }] });
    expect(((await priced.json()) as { error: { code: string } }).error.code).toBe(
      "price_not_accepted",
    );
  });

  it("answers only JSON posts", async () => {
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const form = await post("items=luxe", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const broken = await post("{not json");
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_request",
    );
  });

  it("refuses an oversize body, and does not wait for the rest of a large one", async () => {
    const oversize = await post({ ...bottles, padding: "x".repeat(20_000) });
    expect(oversize.status).toBe(400);
    expect(((await oversize.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_request",
    );
    const large = await post({ ...bottles, padding: "x".repeat(4_000_000) });
    expect(large.status).toBe(400);
    expect(large.headers.get("connection")).toBe("close");
  });

  it("counts the rate limit per forwarded client address", async () => {
    freezeDate();
    const from = "198.18.0.1";
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await post(bottles, {}, from)).status).toBe(200);
    }
    const limited = await post(bottles, {}, from);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await post(bottles, {}, "198.18.0.2")).status).toBe(200);
  });
});
