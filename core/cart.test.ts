import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItem,
  cartFrom,
  cartLines,
  emptyCart,
  isEmptyCart,
  itemCount,
  maxQuantity,
  mergeCarts,
  parseCartCounts,
  parseStoredCart,
  removeItem,
} from "./cart";
import { isItemId, itemIds } from "./catalog";

describe("parseCartCounts", () => {
  it("keeps known ids with whole quantities from 1 to 99", () => {
    expect(parseCartCounts({ luxe: 2, everydayLuxury: 1 })).toEqual({ luxe: 2, everydayLuxury: 1 });
  });

  it("drops tampered entries: unknown ids, negative, zero, fractional, huge or non-numeric counts", () => {
    expect(
      parseCartCounts({
        luxe: -1,
        premium: 0,
        privateReserve: 1.5,
        tastingCollection: 100,
        premium750: "2",
        caviar: 3,
        __proto__: 4,
        luxe750: 3,
      }),
    ).toEqual({ luxe750: 3 });
  });

  it("returns an empty cart for anything that is not an object of counts", () => {
    for (const raw of [null, undefined, "luxe", 3, [1, 2], true])
      expect(parseCartCounts(raw)).toEqual({});
  });
});

describe("cart changes", () => {
  it("adds up to the maximum and removes down to nothing", () => {
    let counts = addItem({}, "luxe");
    counts = addItem(counts, "luxe");
    expect(counts).toEqual({ luxe: 2 });
    expect(addItem({ luxe: maxQuantity }, "luxe")).toEqual({ luxe: maxQuantity });
    counts = removeItem(removeItem(counts, "luxe"), "luxe");
    expect(counts).toEqual({});
    expect(removeItem({}, "luxe")).toEqual({});
  });

  it("lists lines in catalog order and counts items", () => {
    const counts = { trueConnoisseur: 1, premium: 2 };
    expect(cartLines(counts)).toEqual([
      { itemId: "premium", quantity: 2 },
      { itemId: "trueConnoisseur", quantity: 1 },
    ]);
    expect(itemCount(counts)).toBe(3);
  });
});

describe("the cart's codec", () => {
  it("reads a cart back, dropping items the catalog no longer has", () => {
    expect(cartFrom({ counts: { luxe: 1, bad: 2 }, localPickup: true })).toEqual({
      counts: { luxe: 1 },
      localPickup: true,
    });
  });

  it("reads local pickup only from true, and anything but an object as an empty cart", () => {
    expect(cartFrom({ counts: { luxe: 1 }, localPickup: "yes" })).toEqual({
      counts: { luxe: 1 },
      localPickup: false,
    });
    for (const raw of [null, undefined, "luxe", 3, true]) expect(cartFrom(raw)).toEqual(emptyCart);
  });

  it("tells an empty cart: no item and no local-pickup choice", () => {
    expect(isEmptyCart(emptyCart)).toBe(true);
    expect(isEmptyCart({ counts: {}, localPickup: true })).toBe(false);
    expect(isEmptyCart({ counts: { premium: 1 }, localPickup: false })).toBe(false);
  });
});

describe("parseStoredCart", () => {
  it("reads what an older version kept in browser storage, and survives garbage", () => {
    expect(
      parseStoredCart(JSON.stringify({ counts: { luxe: 1, bad: 2 }, localPickup: true })),
    ).toEqual({
      counts: { luxe: 1 },
      localPickup: true,
    });
    expect(parseStoredCart("{not json")).toEqual(emptyCart);
    expect(parseStoredCart(null)).toEqual(emptyCart);
  });
});

describe("cart laws", () => {
  const idArbitrary = fc.constantFrom(...itemIds);
  const changesArbitrary = fc.array(fc.record({ add: fc.boolean(), itemId: idArbitrary }), {
    maxLength: 60,
  });

  it("reads any stored value as valid counts only", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const counts = parseCartCounts(raw);
        for (const [id, quantity] of Object.entries(counts)) {
          expect(isItemId(id)).toBe(true);
          expect(Number.isInteger(quantity) && quantity >= 1 && quantity <= maxQuantity).toBe(true);
        }
      }),
    );
  });

  it("never goes below zero or above the maximum, and counts what its lines hold", () => {
    fc.assert(
      fc.property(changesArbitrary, (changes) => {
        let counts = {};
        for (const change of changes) {
          counts = change.add ? addItem(counts, change.itemId) : removeItem(counts, change.itemId);
        }
        const lines = cartLines(counts);
        for (const line of lines) {
          expect(line.quantity).toBeGreaterThan(0);
          expect(line.quantity).toBeLessThanOrEqual(maxQuantity);
        }
        expect(itemCount(counts)).toBe(lines.reduce((sum, line) => sum + line.quantity, 0));
      }),
    );
  });

  it("reads back exactly the cart it wrote as JSON", () => {
    fc.assert(
      fc.property(changesArbitrary, fc.boolean(), (changes, localPickup) => {
        const counts = changes.reduce(
          (current, change) => addItem(current, change.itemId),
          parseCartCounts({}),
        );
        const cart = { counts, localPickup };
        expect(cartFrom(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
        expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
      }),
    );
  });

  it("reads anything at all as a valid cart", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const cart = cartFrom(raw);
        expect(cartFrom(cart)).toEqual(cart);
        expect(typeof cart.localPickup).toBe("boolean");
      }),
    );
  });
});

describe("the cart carried over from an older version's storage", () => {
  it("joins the cookie's cart: counts add up to at most 99, local pickup if either chose it", () => {
    const kept = { counts: { luxe: 98, premium: 1 }, localPickup: false };
    const carried = { counts: { luxe: 3, tastingCollection: 1 }, localPickup: true };
    expect(mergeCarts(kept, carried)).toEqual({
      counts: { luxe: 99, premium: 1, tastingCollection: 1 },
      localPickup: true,
    });
  });
});
