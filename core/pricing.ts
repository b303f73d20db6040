/**
 * Every price rule of the shop: display prices under a promotion, discounts, shipping and totals.
 * The browser uses it to show the cart instantly; the server uses it as the truth at checkout.
 */
import { type Catalog, type ItemId, isMembershipId } from "./catalog";

/** The shop's shipping until the owner sets other amounts in the back office's settings. */
export const defaultStandardShippingCents = 1500;
export const defaultFreeShippingMinCents = 10_000;

/**
 * A promotion the server has confirmed as usable: a percent off, a fixed amount off, or free
 * shipping, on its eligible items.
 */
export interface Promotion {
  code: string;
  couponId: string;
  percentOff: number | null;
  amountOffCents: number | null;
  /** Shipping is free whenever the promotion applies. */
  freeShipping: boolean;
  /** The items it applies to; null for the catalog's discount-eligible items. */
  eligibleItemIds: readonly ItemId[] | null;
  /** The goods at list price must reach this for the promotion to apply. */
  minSubtotalCents: number;
  /** Limited per customer: the shopper's e-mail is needed before checkout. */
  perCustomerLimited: boolean;
}

export interface CartLine {
  itemId: ItemId;
  quantity: number;
}

export interface PricingOptions {
  /** The items at their current regular prices. */
  catalog: Catalog;
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
  /** A free-shipping promotion applies: shipping is free whatever the goods cost. */
  shipsFreeByPromotion: boolean;
  mode: CheckoutMode;
}

export type CheckoutMode = "payment" | "subscription";

/** Whether `promotion` applies to `itemId`: its own items, or the catalog's discount-eligible ones. */
export function isEligibleFor(catalog: Catalog, itemId: ItemId, promotion: Promotion): boolean {
  return promotion.eligibleItemIds
    ? promotion.eligibleItemIds.includes(itemId)
    : catalog[itemId].discountEligible;
}

/** Percent promotions discount only eligible items; restaurant mode never discounts. */
export function displayPriceCents(
  catalog: Catalog,
  itemId: ItemId,
  promotion: Promotion | null,
  restaurantMode = false,
): number {
  const item = catalog[itemId];
  const percent = promotion?.percentOff ?? 0;
  if (restaurantMode || !promotion || !isEligibleFor(catalog, itemId, promotion) || percent <= 0) {
    return item.priceCents;
  }
  return Math.round((item.priceCents * (100 - Math.min(percent, 100))) / 100);
}

export function hasMembership(lines: readonly CartLine[]): boolean {
  return lines.some((line) => isMembershipId(line.itemId) && line.quantity > 0);
}

/** A cart with any membership is paid as a subscription. */
export function checkoutMode(lines: readonly CartLine[]): CheckoutMode {
  return hasMembership(lines) ? "subscription" : "payment";
}

export function hasEligibleItem(catalog: Catalog, lines: readonly CartLine[]): boolean {
  return lines.some((line) => line.quantity > 0 && catalog[line.itemId].discountEligible);
}

/** Why a usable promotion does not apply to a cart: no eligible item, or goods below its minimum. */
export type CartRefusal = "notApplicable" | "belowMinimum";

function listSubtotalCents(catalog: Catalog, lines: readonly CartLine[]): number {
  return lines.reduce(
    (sum, line) => sum + (line.quantity > 0 ? catalog[line.itemId].priceCents * line.quantity : 0),
    0,
  );
}

/**
 * Whether `promotion` applies to these lines: an eligible item in the cart, and the goods at list
 * price at its minimum. A free-shipping code applies even where shipping was free already.
 */
export function cartRefusal(
  catalog: Catalog,
  lines: readonly CartLine[],
  promotion: Promotion,
): CartRefusal | null {
  if (!lines.some((line) => line.quantity > 0 && isEligibleFor(catalog, line.itemId, promotion))) {
    return "notApplicable";
  }
  if (listSubtotalCents(catalog, lines) < promotion.minSubtotalCents) return "belowMinimum";
  return null;
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
  if (
    priced.lines.length === 0 ||
    priced.shipsFreeByPromotion ||
    shipsFreeWhateverTheTotal(priced.lines, options)
  ) {
    return null;
  }
  const remainingCents =
    options.freeShippingMinCents - (priced.subtotalCents - priced.discountCents);
  return remainingCents > 0 ? { kind: "remaining", remainingCents } : { kind: "reached" };
}

function priceLine(
  catalog: Catalog,
  line: CartLine,
  promotion: Promotion | null,
  restaurantMode: boolean,
): PricedLine {
  const item = catalog[line.itemId];
  const priceCents = displayPriceCents(catalog, line.itemId, promotion, restaurantMode);
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
function amountOffCents(
  catalog: Catalog,
  lines: readonly PricedLine[],
  promotion: Promotion | null,
): number {
  const amount = promotion?.amountOffCents ?? 0;
  if (!promotion || amount <= 0) return 0;
  const eligibleCents = lines
    .filter((line) => isEligibleFor(catalog, line.itemId, promotion))
    .reduce((sum, line) => sum + line.discountedTotalCents, 0);
  return Math.min(amount, eligibleCents);
}

/** Percent savings on eligible items, or the fixed amount off. */
function discountOf(
  catalog: Catalog,
  lines: readonly PricedLine[],
  promotion: Promotion | null,
): number {
  const percentSavingsCents = lines.reduce(
    (sum, line) => sum + line.listTotalCents - line.discountedTotalCents,
    0,
  );
  return percentSavingsCents + amountOffCents(catalog, lines, promotion);
}

function priceLines(
  lines: readonly CartLine[],
  promotion: Promotion | null,
  { catalog, restaurantMode }: PricingOptions,
): PricedLine[] {
  return lines
    .filter((line) => line.quantity > 0)
    .map((line) => priceLine(catalog, line, promotion, restaurantMode));
}

/** The promotion that prices these lines: none in restaurant mode or where it does not apply. */
function applyingPromotion(lines: readonly CartLine[], options: PricingOptions): Promotion | null {
  const { promotion } = options;
  if (options.restaurantMode || !promotion || cartRefusal(options.catalog, lines, promotion)) {
    return null;
  }
  return promotion;
}

export function priceCart(lines: readonly CartLine[], options: PricingOptions): PricedCart {
  const promotion = applyingPromotion(lines, options);
  const priced = priceLines(lines, promotion, options);
  const subtotalCents = priced.reduce((sum, line) => sum + line.listTotalCents, 0);
  const discountCents = discountOf(options.catalog, priced, promotion);
  const shipsFreeByPromotion = promotion?.freeShipping ?? false;
  const shipping = shipsFreeByPromotion
    ? 0
    : shippingCents(priced, subtotalCents - discountCents, options);
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    totalCents: subtotalCents - discountCents + shipping,
    promotionApplies: discountCents > 0 || shipsFreeByPromotion,
    shipsFreeByPromotion,
    mode: checkoutMode(priced),
  };
}
