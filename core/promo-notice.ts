import type { Catalog } from "./catalog";
import { type CartLine, type CartRefusal, cartRefusal, type Promotion } from "./pricing";
import type { NamedRefusal } from "./promotion-rules";
import type { LinkedCode } from "./storefront";

/** The words a code gets wherever it is refused: on the banner, beside the promo code field, at checkout. */
export const promoCodeMessages = {
  expired: "This code has expired",
  invalid: "This code is not valid",
  limitReached: "This code has reached its limit",
  alreadyUsed: "You have already used this code",
  notApplicable: "This code doesn't apply to these items",
  belowMinimum: "Your order is below this code's minimum",
  lookupFailed: "Something went wrong. Please try again",
} as const;

/** Why a code cannot be used: its terms or the cart it was tried on. */
export type CodeRefusal = NamedRefusal | "invalid" | CartRefusal;

/** What a code names: a usable promotion, one refused by its terms, or nothing. */
export type PromotionLookup =
  | { status: "active"; promotion: Promotion }
  | { status: "refused"; reason: NamedRefusal; code: string }
  | { status: "unknown" };

/** What the promo code field's 'Apply' did with the typed code. */
export type TypedCodeOutcome =
  | { outcome: "applied"; promotion: Promotion }
  | { outcome: CodeRefusal };

/**
 * A typed code applies when it is usable and applies to the cart as it is (an eligible item, the
 * goods at its minimum, never in restaurant mode); otherwise the shopper is told why.
 */
export function typedCodeOutcome(
  lookup: PromotionLookup,
  cart: { catalog: Catalog; lines: readonly CartLine[]; restaurantMode: boolean },
): TypedCodeOutcome {
  if (lookup.status === "unknown") return { outcome: "invalid" };
  if (lookup.status === "refused") return { outcome: lookup.reason };
  if (cart.restaurantMode) return { outcome: "notApplicable" };
  const refusal = cartRefusal(cart.catalog, cart.lines, lookup.promotion);
  return refusal ? { outcome: refusal } : { outcome: "applied", promotion: lookup.promotion };
}

/** The one message about promo codes a page shows at its foot, if any. */
export type PromoNotice =
  | { kind: "lookupFailed" }
  | { kind: "refused"; reason: NamedRefusal; code: string }
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
  if (linkedCode?.status === "refused") {
    return { kind: "refused", reason: linkedCode.reason, code: linkedCode.code };
  }
  if (linkedCode?.status === "invalid") return { kind: "invalid" };
  if (promotion && (linkedCode?.status === "applied" || promotionApplies)) {
    return { kind: "applied", promotion };
  }
  return null;
}
