/**
 * The browser's side of the cart's cookie: after each change the page sends the whole cart to
 * `/api/cart`, which signs it into the cookie every page is rendered with, and tells the shop's
 * other tabs on a broadcast channel. Nothing here reads the cookie: the server does.
 */
import {
  cartChannelName,
  cartFrom,
  cartStorageKey,
  parseStoredCart,
  type StoredCart,
} from "~core/cart";

function postCart(cart: StoredCart): Promise<unknown> {
  return fetch("/api/cart", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(cart),
    // A change made just before the shopper leaves the page still arrives.
    keepalive: true,
  });
}

/**
 * Sends carts one at a time, so that an older cart never lands after a newer one; the carts
 * given while one is on its way are sent after it, the latest only. A cart that failed to
 * arrive goes with the next change, since each request carries the whole cart.
 */
export function cartSender(send: (cart: StoredCart) => Promise<unknown> = postCart) {
  let waiting: StoredCart | null = null;
  let sending = false;
  const takeWaiting = () => {
    const next = waiting;
    waiting = null;
    return next;
  };
  return async function sendCart(cart: StoredCart): Promise<void> {
    waiting = cart;
    if (sending) return;
    sending = true;
    for (let next = takeWaiting(); next !== null; next = takeWaiting()) {
      await send(next).catch(() => undefined);
    }
    sending = false;
  };
}

/** The cart an older version of the shop kept in browser storage, taken out of it; null when none. */
export function takeStorageCart(): StoredCart | null {
  try {
    const raw = window.localStorage.getItem(cartStorageKey);
    if (raw === null) return null;
    window.localStorage.removeItem(cartStorageKey);
    return parseStoredCart(raw);
  } catch {
    // Storage disabled: nothing was kept there either.
    return null;
  }
}

/** The shop's other tabs: what they saved is heard here, what this tab saves is told to them. */
export function otherTabs(onCart: (cart: StoredCart) => void) {
  if (typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel(cartChannelName);
  channel.onmessage = (event: MessageEvent<unknown>) => onCart(cartFrom(event.data));
  return channel;
}
