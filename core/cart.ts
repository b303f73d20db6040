/** The cart: a count per item id, as kept in browser storage and sent at checkout. */
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

/** Where the browser keeps the cart, and in what shape. */
export const cartStorageKey = "troia-grove.cart";

export interface StoredCart {
  counts: CartCounts;
  localPickup: boolean;
}

/** Reads the stored cart; anything unreadable or tampered becomes an empty cart. */
export function parseStoredCart(raw: string | null): StoredCart {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== "object" || value === null) return { counts: {}, localPickup: false };
    const record = value as Record<string, unknown>;
    return { counts: parseCartCounts(record.counts), localPickup: record.localPickup === true };
  } catch {
    return { counts: {}, localPickup: false };
  }
}

/**
 * The cookie a cart lives in when 'Add to cart' was posted before the page's code ran (or
 * without scripts). The browser's code moves it into storage and deletes it.
 */
export const cartCookieName = "cart";

/** Both carts in one: counts added up (at most 99 each), local pickup if either chose it. */
export function mergeCarts(stored: StoredCart, posted: StoredCart): StoredCart {
  const counts: CartCounts = { ...stored.counts };
  for (const { itemId, quantity } of cartLines(posted.counts)) {
    counts[itemId] = Math.min((counts[itemId] ?? 0) + quantity, maxQuantity);
  }
  return { counts, localPickup: stored.localPickup || posted.localPickup };
}
