import { type PromoNotice, promoCodeMessages } from "~core/promo-notice";
import { AppliedCodeWords } from "./promo-words";

const footBar = "fixed inset-x-0 bottom-0 z-40 px-4 py-3 text-center text-sm";

/** What the banner says about a code that did not apply. */
function Refusal({ notice }: { notice: Extract<PromoNotice, { kind: "refused" | "invalid" }> }) {
  if (notice.kind === "invalid") return <>{promoCodeMessages.invalid}</>;
  return (
    <>
      Promo code <strong className="font-semibold tracking-wide">{notice.code}</strong>:{" "}
      {promoCodeMessages[notice.reason]}
    </>
  );
}

/**
 * The promo code's news: applied, refused, or a failed lookup. It sits fixed at the bottom of
 * the window so that it never pushes the page when the cart loads.
 */
export function PromoBanner({ notice }: { notice: PromoNotice }) {
  if (notice.kind === "lookupFailed") {
    return (
      <div className={`${footBar} bg-red-50 font-semibold text-red-900`} role="alert">
        {promoCodeMessages.lookupFailed}
      </div>
    );
  }
  return (
    <>
      {/* Room at the end of the page, so the banner never hides the footer. */}
      <div aria-hidden="true" className="h-12" />
      {notice.kind === "applied" ? (
        <div
          role="status"
          className={`${footBar} bg-olive-900 text-cream shadow-[0_-4px_20px_rgba(0,0,0,0.15)]`}
        >
          <AppliedCodeWords promotion={notice.promotion} codeClassName="text-gold-200" />
        </div>
      ) : (
        <div
          role="status"
          className={`${footBar} border-t border-gold-500 bg-gold-200 text-olive-950 shadow-[0_-4px_20px_rgba(0,0,0,0.15)]`}
        >
          <Refusal notice={notice} />
        </div>
      )}
    </>
  );
}
