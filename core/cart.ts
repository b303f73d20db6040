/** The cart: a count per item id and the local-pickup choice, kept in a cookie the server signs. */
import { type ItemId, isItemId, itemIds } from "./catalog";
import type { CartLine } from "./pricing";

export type CartCounts = Partial<Record<ItemId, number>>;

export const maxQuantity = 99;

/** A cart quantity is a whole number from 1 to 99. */
export function isValidQuantity(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= maxQuantity;
}

/**
 * Reads counts from untrusted storage: unknown ids and quantities that are not whole numbers
 * from 1 to 99 are dropped.
 */
export function parseCartCounts(raw: unknown): CartCounts {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const counts: CartCounts = {};
  for (const [id, quantity] of Object.entries(raw)) {
    if (isItemId(id) && isValidQuantity(quantity)) counts[id] = quantity;
  }
  return counts;
}

/** The cart's lines in catalog order. */
export function cartLines(counts: CartCounts): CartLine[] {
  return itemIds.flatMap((itemId) => {
    const quantity = counts[itemId] ?? 0;
    return quantity > 0 ? [{ itemId, quantity }] : [];
  });
}

export function itemCount(counts: CartCounts): number {
  return cartLines(counts).reduce((sum, line) => sum + line.quantity, 0);
}

export function addItem(counts: CartCounts, itemId: ItemId): CartCounts {
  return { ...counts, [itemId]: Math.min((counts[itemId] ?? 0) + 1, maxQuantity) };
}

/** Removes one; a count never goes below zero, and a line at zero disappears. */
export function removeItem(counts: CartCounts, itemId: ItemId): CartCounts {
  const next = { ...counts };
  const quantity = (counts[itemId] ?? 0) - 1;
  if (quantity > 0) next[itemId] = quantity;
  else delete next[itemId];
  return next;
}

export interface StoredCart {
  counts: CartCounts;
  localPickup: boolean;
}

export const emptyCart: StoredCart = { counts: {}, localPickup: false };

/** Nothing worth keeping: no item and no local-pickup choice. */
export function isEmptyCart(cart: StoredCart): boolean {
  return itemCount(cart.counts) === 0 && !cart.localPickup;
}

/**
 * The cart's codec: a cart read back from anything untrusted or older than the catalog (its
 * cookie, the old browser storage, another tab). Unknown items and quantities that are not
 * whole numbers from 1 to 99 are dropped; anything else unreadable is an empty cart.
 */
export function cartFrom(value: unknown): StoredCart {
  if (typeof value !== "object" || value === null) return emptyCart;
  const record = value as Record<string, unknown>;
  return { counts: parseCartCounts(record.counts), localPickup: record.localPickup === true };
}

/** The cookie the cart lives in, for forms posted before the page's scripts ran and after. */
export const cartCookieName = "cart";

/** The channel on which a tab tells the shop's other tabs the cart it has just saved. */
export const cartChannelName = "troia-grove.cart";

/**
 * Where the browser kept the cart before it moved to its cookie: the first visit with scripts
 * carries such a cart over once, then removes it.
 */
export const cartStorageKey = "troia-grove.cart";

/** Reads a cart of the old browser storage (JSON text); garbage becomes an empty cart. */
export function parseStoredCart(raw: string | null): StoredCart {
  try {
    return cartFrom(raw ? JSON.parse(raw) : null);
  } catch {
    return emptyCart;
  }
}

/** Both carts in one: counts added up (at most 99 each), local pickup if either chose it. */
export function mergeCarts(kept: StoredCart, carried: StoredCart): StoredCart {
  const counts: CartCounts = { ...kept.counts };
  for (const { itemId, quantity } of cartLines(carried.counts)) {
    counts[itemId] = Math.min((counts[itemId] ?? 0) + quantity, maxQuantity);
  }
  return { counts, localPickup: kept.localPickup || carried.localPickup };
}
