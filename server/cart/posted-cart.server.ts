/**
 * The cart of a shopper whose 'Add to cart' reached the server as a form (before the page's
 * scripts ran, or without them): it lives in a cookie until the browser's code takes it over.
 */
import { addItem, cartCookieName, parseStoredCart, removeItem, type StoredCart } from "~core/cart";
import type { ItemId } from "~core/catalog";
import type { ResolvedConfig } from "../config.server";
import { cookieValue, isHttps, setCookieHeader } from "../http/cookies.server";

const postedCartLifetimeSeconds = 7 * 24 * 60 * 60;

export function readPostedCart(request: Request): StoredCart {
  return parseStoredCart(cookieValue(request.headers.get("Cookie"), cartCookieName));
}

export type CartChange = "add" | "remove";

/** The cart after one change, as the Set-Cookie header that keeps it. */
export function changePostedCart(
  request: Request,
  change: { kind: CartChange; itemId: ItemId },
  config: Pick<ResolvedConfig, "publicUrl">,
): string {
  const cart = readPostedCart(request);
  const counts =
    change.kind === "add"
      ? addItem(cart.counts, change.itemId)
      : removeItem(cart.counts, change.itemId);
  return setCookieHeader(cartCookieName, JSON.stringify({ ...cart, counts }), {
    maxAgeSeconds: postedCartLifetimeSeconds,
    https: isHttps(config),
    readableByScripts: true,
  });
}
