import { formatMoney } from "~core/money";

/** A price, with the struck list price beside it when a promotion lowers it. */
export function PriceTag({
  priceCents,
  listPriceCents,
  suffix = "",
  className = "",
}: {
  priceCents: number;
  listPriceCents: number;
  suffix?: string;
  className?: string;
}) {
  const discounted = priceCents < listPriceCents;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-semibold text-olive-950">
        {formatMoney(priceCents)}
        {suffix}
      </span>
      {discounted ? (
        <span className="text-sm text-olive-800">
          List price <s>{formatMoney(listPriceCents)}</s>
        </span>
      ) : null}
    </p>
  );
}
