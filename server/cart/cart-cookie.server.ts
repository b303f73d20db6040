/**
 * The shopper's cart lives in a cookie the shop signs: 'Add to cart', + and − posted as forms
 * (before the page's scripts ran, or without them) change it here, and once the scripts run
 * the page sends it the whole cart after each change. Every page reads it; prices never come
 * from it (the server prices the cart itself).
 */
import { z } from "zod";
import {
  addItem,
  cartCookieName,
  cartFrom,
  emptyCart,
  isEmptyCart,
  maxQuantity,
  removeItem,
  type StoredCart,
} from "~core/cart";
import { type ItemId, itemIds } from "~core/catalog";
import type { ResolvedConfig } from "../config.server";
import { isHttps } from "../http/cookies.server";
import { signedCookie } from "../http/signed-cookie.server";

/** A cart left alone this long is forgotten; each change starts the time again. */
const cartLifetimeSeconds = 30 * 24 * 60 * 60;

type CartConfig = Pick<ResolvedConfig, "authSecret" | "publicUrl">;

function cartCookie(config: CartConfig) {
  return signedCookie(cartCookieName, z.unknown().transform(cartFrom), {
    secret: config.authSecret,
    maxAgeSeconds: cartLifetimeSeconds,
    https: isHttps(config),
  });
}

/** The cart of a request's signed cookie; a missing, altered or foreign cookie is an empty cart. */
export function readCart(request: Request, config: CartConfig): StoredCart {
  return cartCookie(config).read(request.headers.get("Cookie")) ?? emptyCart;
}

/**
 * The Set-Cookie header that keeps `cart`. An empty cart removes the cookie, so that the
 * shopper's pages may come from the page cache again.
 */
export function keepCart(cart: StoredCart, config: CartConfig): string {
  const cookie = cartCookie(config);
  return isEmptyCart(cart) ? cookie.clear() : cookie.write(cart);
}

/**
 * The Set-Cookie header that empties the cart once the order it was bought with is confirmed, or
 * null when the cart is empty already. The thank-you page's scripts empty it too; this also
 * covers a page shown without them.
 */
export function emptyCartAfterPurchase(request: Request, config: CartConfig): string | null {
  return isEmptyCart(readCart(request, config)) ? null : keepCart(emptyCart, config);
}

export type CartChange = "add" | "remove";

/** A form's change to the cart, as the Set-Cookie header that keeps the cart after it. */
export function changeCart(
  request: Request,
  change: { kind: CartChange; itemId: ItemId },
  config: CartConfig,
): string {
  const cart = readCart(request, config);
  const counts =
    change.kind === "add"
      ? addItem(cart.counts, change.itemId)
      : removeItem(cart.counts, change.itemId);
  return keepCart({ ...cart, counts }, config);
}

/** What the page's scripts send: the whole cart, known items with whole quantities only. */
const sentCartSchema = z.strictObject({
  counts: z.partialRecord(z.enum(itemIds), z.number().int().min(1).max(maxQuantity)),
  localPickup: z.boolean(),
});

/** The cart the page's scripts sent (JSON), kept by the Set-Cookie header; refused when it is not one. */
export async function saveSentCart(
  request: Request,
  config: CartConfig,
): Promise<{ ok: true; setCookie: string } | { ok: false }> {
  const sent = sentCartSchema.safeParse(await request.json().catch(() => null));
  return sent.success ? { ok: true, setCookie: keepCart(sent.data, config) } : { ok: false };
}
