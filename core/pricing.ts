/**
 * Every price rule of the shop: display prices under a promotion, discounts, shipping and totals.
 * The browser uses it to show the cart instantly; the server uses it as the truth at checkout.
 */
import { catalog, type ItemId, isMembershipId } from "./catalog";

/** The shop's shipping until the owner sets other amounts in the back office's settings. */
export const defaultStandardShippingCents = 1500;
export const defaultFreeShippingMinCents = 10_000;

/** A promotion the server has confirmed as active with a valid coupon. */
export interface Promotion {
  code: string;
  couponId: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface CartLine {
  itemId: ItemId;
  quantity: number;
}

export interface PricingOptions {
  promotion: Promotion | null;
  localPickup: boolean;
  /** Restaurant mode ignores every promotion. */
  restaurantMode: boolean;
  freeShippingMinCents: number;
  /** What shipping costs when it is not free. */
  standardShippingCents: number;
}

export interface PricedLine {
  itemId: ItemId;
  name: string;
  quantity: number;
  listPriceCents: number;
  /** The unit price after a percent promotion. */
  priceCents: number;
  /** List price × quantity. */
  listTotalCents: number;
  /** Unit price after the percent promotion × quantity. */
  discountedTotalCents: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Goods at list price: the sum of the lines' list totals. */
  subtotalCents: number;
  /** Percent savings on eligible items, or the fixed amount off. */
  discountCents: number;
  shippingCents: number;
  /** What the shopper pays: subtotal − discount + shipping. */
  totalCents: number;
  /** Whether the promotion changed anything: the promo banner shows only then. */
  promotionApplies: boolean;
  mode: CheckoutMode;
}

export type CheckoutMode = "payment" | "subscription";

/** Percent promotions discount only eligible items; restaurant mode never discounts. */
export function displayPriceCents(
  itemId: ItemId,
  promotion: Promotion | null,
  restaurantMode = false,
): number {
  const item = catalog[itemId];
  const percent = promotion?.percentOff ?? 0;
  if (restaurantMode || !item.discountEligible || percent <= 0) return item.priceCents;
  return Math.round((item.priceCents * (100 - Math.min(percent, 100))) / 100);
}

export function hasMembership(lines: readonly CartLine[]): boolean {
  return lines.some((line) => isMembershipId(line.itemId) && line.quantity > 0);
}

/** A cart with any membership is paid as a subscription. */
export function checkoutMode(lines: readonly CartLine[]): CheckoutMode {
  return hasMembership(lines) ? "subscription" : "payment";
}

export function hasEligibleItem(lines: readonly CartLine[]): boolean {
  return lines.some((line) => line.quantity > 0 && catalog[line.itemId].discountEligible);
}

type ShippingOptions = Pick<
  PricingOptions,
  "localPickup" | "freeShippingMinCents" | "standardShippingCents"
>;

/** Local pickup and memberships ship free, whatever the goods cost. */
function shipsFreeWhateverTheTotal(
  lines: readonly CartLine[],
  options: Pick<PricingOptions, "localPickup">,
): boolean {
  return options.localPickup || hasMembership(lines);
}

/** The flat standard rate, free with local pickup, any membership, or discounted goods at the minimum. */
export function shippingCents(
  lines: readonly CartLine[],
  discountedGoodsCents: number,
  options: ShippingOptions,
): number {
  if (lines.every((line) => line.quantity <= 0)) return 0;
  if (shipsFreeWhateverTheTotal(lines, options)) return 0;
  if (discountedGoodsCents >= options.freeShippingMinCents) return 0;
  return options.standardShippingCents;
}

/** How far a cart's goods are from free shipping, or that they reached it. */
export type FreeShippingProgress =
  | { kind: "remaining"; remainingCents: number }
  | { kind: "reached" };

/**
 * The goods total's way to free shipping, measured as the shipping rule measures it (after the
 * discount); null when that total decides nothing: an empty cart, local pickup, a membership.
 */
export function freeShippingProgress(
  priced: PricedCart,
  options: Pick<PricingOptions, "localPickup" | "freeShippingMinCents">,
): FreeShippingProgress | null {
  if (priced.lines.length === 0 || shipsFreeWhateverTheTotal(priced.lines, options)) return null;
  const remainingCents =
    options.freeShippingMinCents - (priced.subtotalCents - priced.discountCents);
  return remainingCents > 0 ? { kind: "remaining", remainingCents } : { kind: "reached" };
}

function priceLine(
  line: CartLine,
  promotion: Promotion | null,
  restaurantMode: boolean,
): PricedLine {
  const item = catalog[line.itemId];
  const priceCents = displayPriceCents(line.itemId, promotion, restaurantMode);
  return {
    itemId: line.itemId,
    name: item.name,
    quantity: line.quantity,
    listPriceCents: item.priceCents,
    priceCents,
    listTotalCents: item.priceCents * line.quantity,
    discountedTotalCents: priceCents * line.quantity,
  };
}

/** A fixed amount off applies once, only with an eligible item, and only up to what those cost. */
function amountOffCents(lines: readonly PricedLine[], promotion: Promotion | null): number {
  const amount = promotion?.amountOffCents ?? 0;
  if (amount <= 0) return 0;
  const eligibleCents = lines
    .filter((line) => catalog[line.itemId].discountEligible)
    .reduce((sum, line) => sum + line.discountedTotalCents, 0);
  return Math.min(amount, eligibleCents);
}

/** Percent savings on eligible items, or the fixed amount off. */
function discountOf(lines: readonly PricedLine[], promotion: Promotion | null): number {
  const percentSavingsCents = lines.reduce(
    (sum, line) => sum + line.listTotalCents - line.discountedTotalCents,
    0,
  );
  return percentSavingsCents + amountOffCents(lines, promotion);
}

function priceLines(
  lines: readonly CartLine[],
  promotion: Promotion | null,
  restaurantMode: boolean,
): PricedLine[] {
  return lines
    .filter((line) => line.quantity > 0)
    .map((line) => priceLine(line, promotion, restaurantMode));
}

/** Whether `promotion` would lower the price of these lines (never in restaurant mode). */
export function promotionLowersPrice(
  lines: readonly CartLine[],
  promotion: Promotion,
  restaurantMode: boolean,
): boolean {
  if (restaurantMode) return false;
  return discountOf(priceLines(lines, promotion, false), promotion) > 0;
}

export function priceCart(lines: readonly CartLine[], options: PricingOptions): PricedCart {
  const promotion = options.restaurantMode ? null : options.promotion;
  const priced = priceLines(lines, promotion, options.restaurantMode);
  const subtotalCents = priced.reduce((sum, line) => sum + line.listTotalCents, 0);
  const discountCents = discountOf(priced, promotion);
  const shipping = shippingCents(priced, subtotalCents - discountCents, options);
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    totalCents: subtotalCents - discountCents + shipping,
    promotionApplies: discountCents > 0,
    mode: checkoutMode(priced),
  };
}
