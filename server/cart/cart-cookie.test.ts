import { describe, expect, it } from "vitest";
import { cartCookieName, maxQuantity } from "~core/cart";
import { itemIds } from "~core/catalog";
import { changeCart, emptyCartAfterPurchase, readCart, saveSentCart } from "./cart-cookie.server";

const config = {
  authSecret: "a-secret-that-is-long-enough-to-sign-carts",
  publicUrl: "http://localhost:3000",
};

/** A request to the shop carrying `cookie` as its Cookie header. */
const withCookie = (cookie?: string) =>
  new Request("http://localhost:3000/", { headers: cookie ? { Cookie: cookie } : {} });

const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

async function cookieFor(cart: unknown): Promise<string> {
  const request = new Request("http://localhost:3000/api/cart", {
    method: "POST",
    body: JSON.stringify(cart),
  });
  const saved = await saveSentCart(request, config);
  if (!saved.ok) throw new Error("expected the cart to be kept");
  return saved.setCookie;
}

describe("the cart's cookie", () => {
  it("reads back the cart it keeps, in an httpOnly cookie for 30 days", async () => {
    const cart = { counts: { luxe: 2, everydayLuxury: 1 }, localPickup: true };
    const setCookie = await cookieFor(cart);
    expect(setCookie).toMatch(
      /^cart=[\w-]+\.[\w-]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(readCart(withCookie(`promo=WELCOME10; ${sentBack(setCookie)}`), config)).toEqual(cart);
  });

  it("reads a missing, altered, unsigned or foreign cookie as an empty cart", async () => {
    const empty = { counts: {}, localPickup: false };
    const cookie = sentBack(await cookieFor({ counts: { luxe: 1 }, localPickup: false }));
    const [payload = "", signature = ""] = cookie.slice(`${cartCookieName}=`.length).split(".");
    const raised = Buffer.from(JSON.stringify({ counts: { luxe: 99 }, localPickup: false }));
    expect(readCart(withCookie(), config)).toEqual(empty);
    expect(
      readCart(withCookie(`cart=${raised.toString("base64url")}.${signature}`), config),
    ).toEqual(empty);
    expect(readCart(withCookie(`cart=${payload}`), config)).toEqual(empty);
    expect(readCart(withCookie('cart={"counts":{"luxe":1}}'), config)).toEqual(empty);
    expect(
      readCart(withCookie(cookie), { ...config, authSecret: `${config.authSecret}!` }),
    ).toEqual(empty);
  });

  it("empties a filled cart once its order is confirmed, and leaves an empty one alone", async () => {
    const filled = sentBack(await cookieFor({ counts: { luxe: 2 }, localPickup: false }));
    const emptied = emptyCartAfterPurchase(withCookie(filled), config);
    expect(emptied).toMatch(/^cart=; Max-Age=0;/);
    expect(emptyCartAfterPurchase(withCookie(), config)).toBeNull();
  });

  it("adds and removes one item at a time from the cart of the request", () => {
    const once = sentBack(changeCart(withCookie(), { kind: "add", itemId: "luxe" }, config));
    const twice = sentBack(changeCart(withCookie(once), { kind: "add", itemId: "luxe" }, config));
    expect(readCart(withCookie(twice), config).counts).toEqual({ luxe: 2 });
    const fewer = sentBack(
      changeCart(withCookie(twice), { kind: "remove", itemId: "luxe" }, config),
    );
    expect(readCart(withCookie(fewer), config).counts).toEqual({ luxe: 1 });
  });

  it("removes the cookie once the cart is empty, so that pages may be shared again", async () => {
    const one = sentBack(changeCart(withCookie(), { kind: "add", itemId: "premium" }, config));
    expect(changeCart(withCookie(one), { kind: "remove", itemId: "premium" }, config)).toBe(
      "cart=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    );
    expect(await cookieFor({ counts: {}, localPickup: false })).toMatch(/^cart=; Max-Age=0;/);
    expect(await cookieFor({ counts: {}, localPickup: true })).toMatch(/^cart=[\w-]+\./);
  });

  it("refuses a sent cart with unknown items, bad quantities, other fields or no JSON", async () => {
    const refused = [
      { counts: { gold: 1 }, localPickup: false },
      { counts: { luxe: 0 }, localPickup: false },
      { counts: { luxe: maxQuantity + 1 }, localPickup: false },
      { counts: { luxe: 1.5 }, localPickup: false },
      { counts: { luxe: 1 }, localPickup: "yes" },
      { counts: { luxe: 1 }, localPickup: false, priceCents: 1 },
      [],
    ];
    for (const body of [...refused.map((cart) => JSON.stringify(cart)), "{not json"]) {
      const request = new Request("http://localhost:3000/api/cart", { method: "POST", body });
      expect(await saveSentCart(request, config)).toEqual({ ok: false });
    }
  });

  it("keeps the fullest cart well within a browser's 4 KB for one cookie", async () => {
    const counts = Object.fromEntries(itemIds.map((itemId) => [itemId, maxQuantity]));
    const setCookie = await cookieFor({ counts, localPickup: true });
    expect(sentBack(setCookie).length).toBeLessThan(1024);
  });
});
