/**
 * Stock by harvest lot: which bottles an item draws on, what can still be sold, and which lots a
 * sale takes its bottles from. Pure rules; the server reads the lots and holds them.
 */
import {
  type BottleId,
  bottleIds,
  type ItemId,
  isMembershipId,
  itemIds,
  membershipContents,
  type RestaurantBottleId,
  restaurantBottleIds,
} from "./catalog";

/** Every kind of bottle the shop keeps on its shelves: sets and memberships draw on these. */
export const stockedBottleIds = [...bottleIds, ...restaurantBottleIds] as const;
export type StockedBottleId = BottleId | RestaurantBottleId;

export function isStockedBottleId(value: unknown): value is StockedBottleId {
  return typeof value === "string" && (stockedBottleIds as readonly string[]).includes(value);
}

/** Why a lot's count changed; sales are counted by the shop, the rest by staff. */
export const stockReasons = ["received", "damaged", "count_correction", "sold"] as const;
export type StockReason = (typeof stockReasons)[number];

/** The reasons staff may give for changing a lot's count by hand, with their labels. */
export const adjustmentReasonLabels = {
  damaged: "Damaged",
  count_correction: "Count correction",
} as const satisfies Partial<Record<StockReason, string>>;
export type AdjustmentReason = keyof typeof adjustmentReasonLabels;

export function isAdjustmentReason(value: unknown): value is AdjustmentReason {
  return typeof value === "string" && Object.hasOwn(adjustmentReasonLabels, value);
}

/** The shop promises oil from the latest harvest: a lot is sold until 18 months after harvest. */
export const sellableMonthsAfterHarvest = 18;

/** Sellable bottles at or below which the owner is told, until staff set another threshold. */
export const defaultLowStockThreshold = 24;

/** Memberships renewing within this many days have their bottles set aside from sale. */
export const renewalCommitmentDays = 7;

/** A checkout holds its bottles this long: the provider's session lifetime and a margin for its answer. */
export const holdMarginMs = 10 * 60 * 1000;

/** A renewal whose bottles are not on the shelves is tried again each day for this many days. */
export const renewalStockRetryDays = 5;

/**
 * When a renewal due at `dueAt` that found its bottles missing `attempts` times is tried again;
 * null once the days of retries are over and the month is not shipped.
 */
export function renewalStockRetryAt(dueAt: Date, attempts: number): Date | null {
  if (attempts > renewalStockRetryDays) return null;
  return new Date(dueAt.getTime() + attempts * 24 * 60 * 60 * 1000);
}

/** The day a lot stops selling, as an ISO date ('2027-05-10' for a harvest of 2025-11-10). */
export function sellByDate(harvestDate: string): string {
  const [year, month, day] = harvestDate.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1 + sellableMonthsAfterHarvest, day));
  return date.toISOString().slice(0, 10);
}

/** True from the sell-by date on; `today` is an ISO date in the shop's timezone. */
export function isPastSellBy(harvestDate: string, today: string): boolean {
  return today >= sellByDate(harvestDate);
}

export interface BottleDraw {
  bottleId: StockedBottleId;
  quantity: number;
}

/** The bottles one unit of an item takes from the shelves. */
export function bottlesOf(itemId: ItemId): BottleDraw[] {
  if (isMembershipId(itemId)) {
    return membershipContents[itemId].map((content) => ({
      bottleId: content.itemId,
      quantity: content.quantity,
    }));
  }
  if (isStockedBottleId(itemId)) return [{ bottleId: itemId, quantity: 1 }];
  // A tasting set holds one bottle of each 375 ml oil.
  return bottleIds.map((bottleId) => ({ bottleId, quantity: 1 }));
}

/** The bottles a cart's lines take, by kind of bottle. */
export function bottlesNeeded(
  lines: ReadonlyArray<{ itemId: ItemId; quantity: number }>,
): Map<StockedBottleId, number> {
  const needed = new Map<StockedBottleId, number>();
  for (const line of lines) {
    for (const draw of bottlesOf(line.itemId)) {
      needed.set(draw.bottleId, (needed.get(draw.bottleId) ?? 0) + draw.quantity * line.quantity);
    }
  }
  return needed;
}

/** Sellable bottles by kind; a kind missing from the table has none. */
export type SellableBottles = Partial<Record<StockedBottleId, number>>;

/** How many units of an item the sellable bottles still make. */
export function unitsAvailable(itemId: ItemId, sellable: SellableBottles): number {
  return Math.min(
    ...bottlesOf(itemId).map((draw) => Math.floor((sellable[draw.bottleId] ?? 0) / draw.quantity)),
  );
}

/** What the shelves can sell now, as every page shows it. */
export interface ShelfState {
  /** Units of each item the sellable bottles make. */
  unitsAvailable: Record<ItemId, number>;
  /** The harvest date of the lot each bottle sells from, when one is sellable. */
  harvest: Partial<Record<StockedBottleId, string>>;
}

export function shelfState(
  sellable: SellableBottles,
  harvest: Partial<Record<StockedBottleId, string>>,
): ShelfState {
  const units = Object.fromEntries(
    itemIds.map((itemId) => [itemId, unitsAvailable(itemId, sellable)]),
  ) as Record<ItemId, number>;
  return { unitsAvailable: units, harvest };
}

/** What a cart line is told when the shelves cannot fill it; null when they can. */
export function stockShortage(available: number, wanted: number): string | null {
  if (available <= 0) return "Sold out";
  return available < wanted ? `Only ${available} left` : null;
}

/** The first cart line the sellable bottles cannot fill, with what it is told. */
export function firstShortage(
  lines: ReadonlyArray<{ itemId: ItemId; quantity: number }>,
  sellable: SellableBottles,
): { itemId: ItemId; message: string } | null {
  const remaining: SellableBottles = { ...sellable };
  for (const line of lines) {
    const message = stockShortage(unitsAvailable(line.itemId, remaining), line.quantity);
    if (message) return { itemId: line.itemId, message };
    for (const draw of bottlesOf(line.itemId)) {
      remaining[draw.bottleId] = (remaining[draw.bottleId] ?? 0) - draw.quantity * line.quantity;
    }
  }
  return null;
}

export interface LotOnShelf {
  id: number;
  harvestDate: string;
  onHand: number;
}

/** Bottles a sale takes from one lot. */
export interface LotDraw {
  lotId: number;
  quantity: number;
}

/**
 * Takes `quantity` bottles from the lots, oldest harvest first (lots are given in that order).
 * Returns how many each lot gives and how many no lot could give.
 */
export function drawOldestFirst(
  lots: readonly LotOnShelf[],
  quantity: number,
): { draws: LotDraw[]; missing: number } {
  const draws: LotDraw[] = [];
  let missing = quantity;
  for (const lot of lots) {
    if (missing === 0) break;
    const taken = Math.min(lot.onHand, missing);
    if (taken > 0) draws.push({ lotId: lot.id, quantity: taken });
    missing -= taken;
  }
  return { draws, missing };
}

/** Made once: a formatter costs far more to make than to use, and every product card uses it. */
const monthNameFormat = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });

/** 'Harvest of November 2025', as the product shows the lot it sells. */
export function harvestText(harvestDate: string): string {
  const [year, month] = harvestDate.split("-").map(Number) as [number, number];
  const monthName = monthNameFormat.format(new Date(Date.UTC(year, month - 1, 1)));
  return `Harvest of ${monthName} ${year}`;
}
