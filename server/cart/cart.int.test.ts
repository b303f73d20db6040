import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cartIntents, intentField } from "~core/form-intent";
import { cookieHeader } from "../../test/support/auth";
import { testEngines } from "../../test/support/database";
import {
  type RunningTestShop,
  shopClient,
  startBuiltShop,
  testAuthSecret,
} from "../../test/support/shop";
import { signedCookie } from "../http/signed-cookie.server";

const emptyCartText = "have any items in your cart yet";

describe.each(testEngines)("the cart's cookie over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    client = shopClient(shop.url);
  });
  afterAll(() => shop.stop());

  /** A page as the browser holding `cookie` gets it. */
  const page = async (path: string, cookie?: string) => {
    const response = await fetch(new URL(path, shop.url), {
      headers: cookie ? { Cookie: cookie } : {},
    });
    return { status: response.status, html: await response.text() };
  };

  /** 'Add to cart', + or − posted as a form; the Cookie header the browser has after it. */
  const postChange = async (intent: keyof typeof cartIntents, itemId: string, cookie?: string) => {
    const response = await client.postForm(
      "/cart",
      { [intentField]: cartIntents[intent], itemId },
      { cookie },
    );
    return { response, cookie: cookieHeader(response.headers.getSetCookie()) };
  };

  const sendCart = (cart: unknown, cookie?: string) =>
    client.postJson("/api/cart", cart, { cookie });

  it("keeps a form's cart in a signed httpOnly cookie, which every page reads", async () => {
    const first = await postChange("add", "luxe");
    expect(first.response.status).toBe(303);
    expect(first.response.headers.get("location")).toBe("/cart");
    const [setCookie] = first.response.headers.getSetCookie();
    expect(setCookie).toMatch(
      /^cart=[\w-]+\.[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    const second = await postChange("add", "luxe", first.cookie);
    const cartPage = await page("/cart", second.cookie);
    expect(cartPage.status).toBe(200);
    expect(cartPage.html).toContain('aria-label="Cart, 2 items"');
    expect(cartPage.html).toContain('aria-label="Remove one Luxe, 375 ml"');
    expect((await page("/our-story", second.cookie)).html).toContain('aria-label="Cart, 2 items"');
  });

  it("takes one away with −, and removes the cookie when the last item goes", async () => {
    const one = await postChange("add", "premium");
    const none = await postChange("remove", "premium", one.cookie);
    expect(none.response.headers.getSetCookie()).toEqual([
      "cart=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    ]);
    expect((await page("/cart")).html).toContain(emptyCartText);
  });

  it("refuses a form naming no item of the catalog or no cart intent, keeping no cookie", async () => {
    const forms: Record<string, string>[] = [
      { [intentField]: cartIntents.add, itemId: "gold" },
      { [intentField]: "checkout", itemId: "luxe" },
      { itemId: "luxe" },
    ];
    for (const fields of forms) {
      const response = await client.postForm("/cart", fields);
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("keeps the whole cart the page's scripts send in the same cookie as the forms'", async () => {
    const sent = await sendCart({ counts: { luxe: 2, tastingCollection: 1 }, localPickup: true });
    expect(sent.status).toBe(204);
    expect(sent.headers.get("cache-control")).toBe("no-store");
    const cookie = cookieHeader(sent.headers.getSetCookie());
    const more = await postChange("add", "luxe", cookie);
    const cartPage = await page("/cart", more.cookie);
    expect(cartPage.html).toContain('aria-label="Cart, 4 items"');
    expect(cartPage.html).toMatch(/<input type="checkbox"[^>]* checked=""/);
  });

  it("renders a page with a cart for its shopper, never as the anonymous page's shared copy", async () => {
    await page("/our-olive-oils");
    const shared = await page("/our-olive-oils");
    expect(shared.html).toContain('aria-label="Cart, 0 items"');
    const sent = await sendCart({ counts: { premium: 3 }, localPickup: false });
    const mine = await page("/our-olive-oils", cookieHeader(sent.headers.getSetCookie()));
    expect(mine.html).toContain('aria-label="Cart, 3 items"');
  });

  it("refuses a sent cart that is not one, and any other way of sending it", async () => {
    for (const body of [
      { counts: { gold: 1 }, localPickup: false },
      { counts: { luxe: 100 }, localPickup: false },
      { items: [{ itemId: "luxe", quantity: 1, priceCents: 1 }] },
      "{not json",
    ]) {
      const response = await sendCart(body);
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const asForm = await client.postForm("/api/cart", { counts: "luxe" });
    expect(asForm.status).toBe(415);
    expect((await fetch(new URL("/api/cart", shop.url))).status).toBe(405);
  });

  describe("a cookie the shop did not sign as this cart", () => {
    const cartOfNine = Buffer.from(JSON.stringify({ counts: { luxe: 9 }, localPickup: false }));
    const signedAs = (name: string, secret: string) =>
      signedCookie(name, z.unknown(), { secret, maxAgeSeconds: 60, https: false })
        .write({ counts: { luxe: 9 }, localPickup: false })
        .split(";")[0]
        ?.slice(name.length + 1);

    const tampered = async () => {
      const genuine = cookieHeader(
        (await sendCart({ counts: { luxe: 1 }, localPickup: false })).headers.getSetCookie(),
      );
      const signature = genuine.split(".").at(-1) ?? "";
      return {
        "a changed payload": `cart=${cartOfNine.toString("base64url")}.${signature}`,
        "no signature": `cart=${cartOfNine.toString("base64url")}`,
        "a cut signature": genuine.slice(0, -4),
        "a value signed for another cookie": `cart=${signedAs("flash", testAuthSecret)}`,
        "another secret's signature": `cart=${signedAs("cart", `${testAuthSecret}-other`)}`,
        "plain JSON, as the old form cookie": `cart=${encodeURIComponent('{"counts":{"luxe":9}}')}`,
        garbage: "cart=%E0%A4%A",
      };
    };

    it("is an empty cart on every page, never an error", async () => {
      for (const [what, cookie] of Object.entries(await tampered())) {
        const cartPage = await page("/cart", cookie);
        expect({ what, status: cartPage.status }).toEqual({ what, status: 200 });
        expect(cartPage.html).toContain(emptyCartText);
        expect((await page("/", cookie)).html).toContain('aria-label="Cart, 0 items"');
      }
    });

    it("is an empty cart a form's change starts again from", async () => {
      for (const cookie of Object.values(await tampered())) {
        const added = await postChange("add", "premium", cookie);
        expect(added.response.status).toBe(303);
        const cartPage = await page("/cart", added.cookie);
        expect(cartPage.html).toContain('aria-label="Cart, 1 item"');
        expect(cartPage.html).not.toContain("Luxe, 375 ml");
      }
    });
  });
});
