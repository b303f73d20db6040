import { formatDiscountAmount } from "~core/money";
import type { Promotion } from "~core/pricing";

/** 'Promo code WELCOME10 applied: 10% off', on the banner and beside the promo code field. */
export function AppliedCodeWords({
  promotion,
  codeClassName,
}: {
  promotion: Promotion;
  codeClassName: string;
}) {
  return (
    <>
      Promo code{" "}
      <strong className={`font-semibold tracking-wide ${codeClassName}`}>{promotion.code}</strong>{" "}
      applied: {formatDiscountAmount(promotion)} off
    </>
  );
}
