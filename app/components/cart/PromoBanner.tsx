import { formatDiscountAmount } from "~core/money";
import { useCart } from "./cart-context";

/**
 * The applied code, shown only while it lowers the cart's price. It sits fixed at the bottom of
 * the window so that it never pushes the page when the cart loads.
 */
export function PromoBanner({ lookupFailed }: { lookupFailed: boolean }) {
  const { promotion, priced } = useCart();
  if (lookupFailed) {
    return (
      <div
        className="fixed inset-x-0 bottom-0 z-40 bg-red-50 px-4 py-3 text-center text-sm font-semibold text-red-900"
        role="alert"
      >
        Something went wrong. Please try again
      </div>
    );
  }
  if (!promotion || !priced.promotionApplies) return null;
  return (
    <>
      {/* Room at the end of the page, so the banner never hides the footer. */}
      <div aria-hidden="true" className="h-12" />
      <div
        role="status"
        className="fixed inset-x-0 bottom-0 z-40 bg-olive-900 px-4 py-3 text-center text-sm text-cream shadow-[0_-4px_20px_rgba(0,0,0,0.15)]"
      >
        Promo code{" "}
        <strong className="font-semibold tracking-wide text-gold-200">{promotion.code}</strong>{" "}
        applied: {formatDiscountAmount(promotion)} off
      </div>
    </>
  );
}
