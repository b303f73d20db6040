import { describe, expect, it } from "vitest";
import { addBuyAgainPlan, buyAgainMessage, canBuyAgain, planBuyAgain } from "./buy-again";
import { emptyCart } from "./cart";

const customer = { restaurant: false };
const none = { memberships: 0, noLongerSold: 0, restaurantOnly: 0 };

describe("planBuyAgain", () => {
  it("takes an order's bottles and sets, adding up lines of one item", () => {
    expect(
      planBuyAgain(
        [
          { itemId: "luxe", quantity: 2 },
          { itemId: "tastingCollection", quantity: 1 },
          { itemId: "luxe", quantity: 1 },
        ],
        customer,
      ),
    ).toEqual({ counts: { luxe: 3, tastingCollection: 1 }, skipped: none });
  });

  it("leaves out memberships, items no longer sold and, without restaurant access, 750 ml bottles", () => {
    const order = [
      { itemId: "premium", quantity: 1 },
      { itemId: "refinedPalate", quantity: 1 },
      { itemId: "caviar", quantity: 4 },
      { itemId: "luxe750", quantity: 2 },
    ];
    expect(planBuyAgain(order, customer)).toEqual({
      counts: { premium: 1 },
      skipped: { memberships: 1, noLongerSold: 1, restaurantOnly: 1 },
    });
    expect(planBuyAgain(order, { restaurant: true })).toEqual({
      counts: { premium: 1, luxe750: 2 },
      skipped: { memberships: 1, noLongerSold: 1, restaurantOnly: 0 },
    });
  });
});

describe("canBuyAgain", () => {
  it("is true while the order holds a bottle or set still sold", () => {
    expect(canBuyAgain([{ itemId: "holidayTastingCollection", quantity: 1 }])).toBe(true);
    expect(canBuyAgain([{ itemId: "luxe750", quantity: 1 }])).toBe(true);
    expect(canBuyAgain([{ itemId: "trueConnoisseur", quantity: 1 }])).toBe(false);
    expect(canBuyAgain([{ itemId: "caviar", quantity: 1 }])).toBe(false);
    expect(canBuyAgain([])).toBe(false);
  });
});

describe("addBuyAgainPlan", () => {
  it("adds to the cart as it is, keeping its local-pickup choice, and counts what was added", () => {
    const cart = { counts: { luxe: 1 }, localPickup: true };
    const plan = planBuyAgain(
      [
        { itemId: "luxe", quantity: 2 },
        { itemId: "premium", quantity: 1 },
      ],
      customer,
    );
    expect(addBuyAgainPlan(cart, plan)).toEqual({
      cart: { counts: { luxe: 3, premium: 1 }, localPickup: true },
      added: 3,
    });
  });

  it("never goes past 99 of an item, and counts only what fitted", () => {
    const plan = planBuyAgain([{ itemId: "luxe", quantity: 5 }], customer);
    expect(addBuyAgainPlan({ counts: { luxe: 97 }, localPickup: false }, plan)).toEqual({
      cart: { counts: { luxe: 99 }, localPickup: false },
      added: 2,
    });
    expect(addBuyAgainPlan(emptyCart, planBuyAgain([], customer)).added).toBe(0);
  });
});

describe("buyAgainMessage", () => {
  it("says how many items were added, and what was left out", () => {
    expect(buyAgainMessage(1, none)).toBe("Added 1 item to your cart.");
    expect(buyAgainMessage(3, { ...none, memberships: 1 })).toBe(
      "Added 3 items to your cart. The membership was not added.",
    );
    expect(buyAgainMessage(2, { memberships: 2, noLongerSold: 2, restaurantOnly: 1 })).toBe(
      "Added 2 items to your cart. The memberships were not added. 2 items are no longer sold. Bottles for partner restaurants were not added.",
    );
    expect(buyAgainMessage(0, { ...none, noLongerSold: 1 })).toBe(
      "Nothing from this order could be added to your cart. 1 item is no longer sold.",
    );
  });
});
