import { type CartLine, type Promotion, promotionLowersPrice } from "./pricing";
import type { LinkedCode } from "./storefront";

/** The words a code gets wherever it is refused: on the banner and beside the promo code field. */
export const promoCodeMessages = {
  expired: "This code has expired",
  invalid: "This code is not valid",
  notApplicable: "This code doesn't apply to these items",
  lookupFailed: "Something went wrong. Please try again",
} as const;

/** What a code names: an active promotion, one no longer active (an expired code), or nothing. */
export type PromotionLookup =
  | { status: "active"; promotion: Promotion }
  | { status: "expired"; code: string }
  | { status: "unknown" };

/** What the promo code field's 'Apply' did with the typed code. */
export type TypedCodeOutcome =
  | { outcome: "applied"; promotion: Promotion }
  | { outcome: "expired" | "invalid" | "notApplicable" };

/**
 * A typed code applies when it is active and lowers the price of the cart as it is (an eligible
 * item, never in restaurant mode); otherwise the shopper is told why, in the links' words.
 */
export function typedCodeOutcome(
  lookup: PromotionLookup,
  cart: { lines: readonly CartLine[]; restaurantMode: boolean },
): TypedCodeOutcome {
  if (lookup.status === "unknown") return { outcome: "invalid" };
  if (lookup.status === "expired") return { outcome: "expired" };
  if (!promotionLowersPrice(cart.lines, lookup.promotion, cart.restaurantMode)) {
    return { outcome: "notApplicable" };
  }
  return { outcome: "applied", promotion: lookup.promotion };
}

/** The one message about promo codes a page shows at its foot, if any. */
export type PromoNotice =
  | { kind: "lookupFailed" }
  | { kind: "expired"; code: string }
  | { kind: "invalid" }
  | { kind: "applied"; promotion: Promotion };

/**
 * A failed lookup first, then what became of the page's `?promoCode=` (applied from the moment
 * the shopper arrives, before anything is in the cart), then the visit's code while it lowers
 * the cart's price.
 */
export function promoNotice({
  lookupFailed,
  linkedCode,
  promotion,
  promotionApplies,
}: {
  lookupFailed: boolean;
  linkedCode: LinkedCode | null;
  promotion: Promotion | null;
  /** The visit's code lowers the price of the cart. */
  promotionApplies: boolean;
}): PromoNotice | null {
  if (lookupFailed) return { kind: "lookupFailed" };
  if (linkedCode?.status === "expired") return { kind: "expired", code: linkedCode.code };
  if (linkedCode?.status === "invalid") return { kind: "invalid" };
  if (promotion && (linkedCode?.status === "applied" || promotionApplies)) {
    return { kind: "applied", promotion };
  }
  return null;
}
