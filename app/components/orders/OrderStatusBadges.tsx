import {
  fulfilmentStatusLabels,
  type OrderStatuses,
  type PaymentStatus,
  paymentStatusLabels,
} from "~core/order-status";

const sizes = {
  /** In a list's row. */
  small: "px-2.5 py-0.5 text-xs",
  /** Beside a heading. */
  large: "px-3 py-1 text-sm",
} as const;

/** Money given back stands out from an order simply paid. */
const paymentColours: Record<PaymentStatus, string> = {
  paid: "border-olive-200 bg-white text-olive-950",
  partially_refunded: "border-gold-500 bg-gold-200 text-ink",
  refunded: "border-gold-500 bg-gold-200 text-ink",
};

/**
 * An order's two statuses as two pills, in words: where its goods stand ('Shipped') and where
 * its money stands ('Partially refunded'), each named for screen readers.
 */
export function OrderStatusBadges({
  order,
  size = "small",
  className,
}: {
  order: OrderStatuses;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const pill = `inline-flex rounded-full border font-semibold whitespace-nowrap ${sizes[size]}`;
  return (
    <span className={`inline-flex flex-wrap gap-1.5 ${className ?? ""}`}>
      <span className={`${pill} border-olive-100 bg-olive-100 text-olive-950`}>
        <span className="sr-only">Fulfilment status: </span>
        {fulfilmentStatusLabels[order.fulfilmentStatus]}
      </span>
      <span className={`${pill} ${paymentColours[order.paymentStatus]}`}>
        <span className="sr-only">Payment status: </span>
        {paymentStatusLabels[order.paymentStatus]}
      </span>
    </span>
  );
}
