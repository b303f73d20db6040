/** How an order's totals read, on the confirmation page and in the order e-mail. */
import { formatMoney } from "./money";

export interface OrderTotals {
  shippingCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

export interface SummaryLine {
  label: string;
  amount: string;
}

/** A line as the shopper reads it, everywhere: at list price, since the discount has its own line. */
export interface ListPriceLine {
  name: string;
  quantity: number;
  listTotalCents: number;
}

export function atListPrice(line: {
  name: string;
  quantity: number;
  listPriceCents: number;
}): ListPriceLine {
  return {
    name: line.name,
    quantity: line.quantity,
    listTotalCents: line.listPriceCents * line.quantity,
  };
}

export function shippingLabel(shippingCents: number): "Free shipping" | "Standard shipping" {
  return shippingCents === 0 ? "Free shipping" : "Standard shipping";
}

/** The shipping line; discount and tax only above zero; then the total. */
export function orderSummaryLines(totals: OrderTotals): SummaryLine[] {
  const lines: SummaryLine[] = [
    { label: shippingLabel(totals.shippingCents), amount: formatMoney(totals.shippingCents) },
  ];
  if (totals.discountCents > 0) {
    lines.push({ label: "Discount", amount: formatMoney(-totals.discountCents) });
  }
  if (totals.taxCents > 0) lines.push({ label: "Tax", amount: formatMoney(totals.taxCents) });
  lines.push({ label: "Total", amount: formatMoney(totals.totalCents) });
  return lines;
}

export const shippingPromise = "Your order ships within 1 business day.";

/** Where a local-pickup order is collected, as the back office and the customer's pages name it. */
export const localPickupPlace = "Local pickup in Mountain View";

export const localPickupInstructions =
  "Local pickup in Mountain View: your order will be ready within 1 business day. " +
  "We'll e-mail you the pickup address and hours as soon as it is.";
