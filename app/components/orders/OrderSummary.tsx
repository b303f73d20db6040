import type { ReactNode } from "react";
import { formatMoney } from "~core/money";
import { type ListPriceLine, type OrderTotals, orderSummaryLines } from "~core/order-summary";

/** An order's lines and totals: shipping named free or standard, discount and tax only above zero. */
export function OrderSummary({
  items,
  totals,
  promotionCode,
}: {
  items: ListPriceLine[];
  totals: OrderTotals;
  promotionCode?: string | null;
}) {
  const lines = orderSummaryLines(totals);
  return (
    <div>
      <ul className="divide-y divide-olive-200 border-y border-olive-200">
        {items.map((item) => (
          <li key={item.name} className="flex items-baseline justify-between gap-4 py-3">
            <span>
              <span className="font-medium">{item.name}</span>
              <span className="text-olive-700"> × {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatMoney(item.listTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 text-sm">
        {lines.map((line) => {
          const isTotal = line.label === "Total";
          return (
            <div
              key={line.label}
              className={`flex justify-between gap-4 ${isTotal ? "border-t border-olive-200 pt-3 text-base font-semibold" : ""}`}
            >
              <dt>
                {line.label}
                {line.label === "Discount" && promotionCode ? ` (${promotionCode})` : ""}
              </dt>
              <dd className="tabular-nums">{line.amount}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** The 'Order summary' card beside a checkout or a confirmation; `children` come after the heading. */
export function OrderSummaryPanel({
  className,
  children,
  ...summary
}: {
  className: string;
  children?: ReactNode;
  items: ListPriceLine[];
  totals: OrderTotals;
  promotionCode?: string | null;
}) {
  return (
    <aside
      aria-labelledby="summary-heading"
      className={`h-fit rounded-2xl p-6 sm:p-8 ${className}`}
    >
      <h2 id="summary-heading" className="text-2xl">
        Order summary
      </h2>
      {children}
      <div className="mt-4">
        <OrderSummary {...summary} />
      </div>
    </aside>
  );
}
