import type { CatalogItem } from "./catalog";
import type { Promotion } from "./pricing";

/**
 * `1234567` as `1,234,567`. Written out rather than with `toLocaleString`: the browser's first
 * locale-aware call loads its number-formatting data, which took about 120 ms of a 4× throttled
 * phone's main thread while the first page hydrated.
 */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** `$33` when whole, `$33.50` otherwise. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const dollars = Math.floor(absolute / 100);
  const rest = absolute % 100;
  const whole = groupThousands(dollars);
  return rest === 0 ? `${sign}$${whole}` : `${sign}$${whole}.${String(rest).padStart(2, "0")}`;
}

/** `$33.00`: cents always, where staff confirm an amount before money moves. */
export function formatMoneyWithCents(cents: number): string {
  return Math.abs(cents) % 100 === 0 ? `${formatMoney(cents)}.00` : formatMoney(cents);
}

const suffixes: Record<CatalogItem["kind"], string> = {
  bottle: "/bottle",
  set: "/set",
  membership: "/m",
};

/** The spec's display suffix of an item: '/bottle', '/set' or '/m'. */
export function priceSuffix(item: Pick<CatalogItem, "kind">): string {
  return suffixes[item.kind];
}

/** A price with its suffix, such as `$33/bottle` or `$49/m`. */
export function formatItemPrice(item: Pick<CatalogItem, "kind">, cents: number): string {
  return `${formatMoney(cents)}${priceSuffix(item)}`;
}

/** How much a promotion takes off: `10%` or `$5`. */
export function formatDiscountAmount(promotion: Promotion): string {
  if (promotion.percentOff) return `${promotion.percentOff}%`;
  return formatMoney(promotion.amountOffCents ?? 0);
}

/** A membership's monthly price, such as `$98/m`. */
export function formatMonthlyPrice(unitPriceCents: number, quantity: number): string {
  return `${formatMoney(unitPriceCents * quantity)}${suffixes.membership}`;
}
