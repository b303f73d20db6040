/** What every page knows about the visitor's shop: prices, access and offers. */
import type { StoredCart } from "./cart";
import type { Catalog } from "./catalog";
import type { Promotion } from "./pricing";
import type { NamedRefusal } from "./promotion-rules";
import type { ShelfState } from "./stock";

/** What the access codes have unlocked in this browser. */
export interface Access {
  beta: boolean;
  restaurant: boolean;
}

export type AccessKind = keyof Access;

export const noAccess: Access = { beta: false, restaurant: false };

/**
 * What became of the `?promoCode=` a page was opened with. The link replaces the visit's code:
 * applied when active, otherwise the visit has no code and the shopper is told why.
 */
export type LinkedCode =
  | { status: "applied" }
  | { status: "refused"; reason: NamedRefusal; code: string }
  | { status: "invalid" };

/** What every page needs to price the cart and to decide which access modal to show. */
export interface StorefrontState {
  /** The items at their current prices, as the owner keeps them. */
  catalog: Catalog;
  promotion: Promotion | null;
  linkedCode: LinkedCode | null;
  /** The promotion could not be looked up: shoppers see 'Something went wrong. Please try again'. */
  promotionFailed: boolean;
  access: Access;
  privateBeta: boolean;
  freeShippingMinCents: number;
  standardShippingCents: number;
  /** The soft-launch promotion the home page offers, when one is set and none applies yet. */
  softLaunchOffer: Promotion | null;
  /** The shopper's cart, from its signed cookie. */
  cart: StoredCart;
  /** What the shelves can sell; null when they could not be counted (checkout still checks). */
  shelves: ShelfState | null;
}
