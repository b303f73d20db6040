import type { Promotion } from "./pricing";
import type { LinkedCode } from "./storefront";

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
