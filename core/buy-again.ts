/**
 * 'Buy again' on a past order: its bottles and sets go into the cart, at today's prices (the cart
 * never holds a price). Memberships, items the shop no longer sells and bottles sold only to
 * partner restaurants stay out, and the shopper is told so.
 */
import { type CartCounts, itemCount, mergeCarts, type StoredCart } from "./cart";
import { isItemId, isMembershipId, isRestaurantBottleId } from "./catalog";

/** A line of a past order, as it was recorded. */
export interface OrderedLine {
  itemId: string;
  quantity: number;
}

/** What of an order goes into the cart again, and how many of its lines stay out, and why. */
export interface BuyAgainPlan {
  counts: CartCounts;
  skipped: { memberships: number; noLongerSold: number; restaurantOnly: number };
}

/** Whether 'Buy again' has anything of this order's lines to put in a cart. */
export function canBuyAgain(lines: readonly OrderedLine[]): boolean {
  return lines.some((line) => isItemId(line.itemId) && !isMembershipId(line.itemId));
}

/** The order's bottles and sets the shopper may buy today; `restaurant`: restaurant access. */
export function planBuyAgain(
  lines: readonly OrderedLine[],
  access: { restaurant: boolean },
): BuyAgainPlan {
  const plan: BuyAgainPlan = {
    counts: {},
    skipped: { memberships: 0, noLongerSold: 0, restaurantOnly: 0 },
  };
  for (const { itemId, quantity } of lines) {
    if (!isItemId(itemId)) plan.skipped.noLongerSold += 1;
    else if (isMembershipId(itemId)) plan.skipped.memberships += 1;
    else if (isRestaurantBottleId(itemId) && !access.restaurant) plan.skipped.restaurantOnly += 1;
    else plan.counts[itemId] = (plan.counts[itemId] ?? 0) + quantity;
  }
  return plan;
}

/** The cart with the plan's items added (each count at most 99), and how many were added. */
export function addBuyAgainPlan(
  cart: StoredCart,
  plan: BuyAgainPlan,
): { cart: StoredCart; added: number } {
  const merged = mergeCarts(cart, { counts: plan.counts, localPickup: false });
  return { cart: merged, added: itemCount(merged.counts) - itemCount(cart.counts) };
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** 'Added 3 items to your cart. The membership was not added.' */
export function buyAgainMessage(added: number, skipped: BuyAgainPlan["skipped"]): string {
  const sentences = [
    added > 0
      ? `Added ${added} ${plural(added, "item", "items")} to your cart.`
      : "Nothing from this order could be added to your cart.",
  ];
  if (skipped.memberships > 0) {
    sentences.push(
      plural(
        skipped.memberships,
        "The membership was not added.",
        "The memberships were not added.",
      ),
    );
  }
  if (skipped.noLongerSold > 0) {
    sentences.push(
      plural(
        skipped.noLongerSold,
        "1 item is no longer sold.",
        `${skipped.noLongerSold} items are no longer sold.`,
      ),
    );
  }
  if (skipped.restaurantOnly > 0) {
    sentences.push("Bottles for partner restaurants were not added.");
  }
  return sentences.join(" ");
}
