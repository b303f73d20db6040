/**
 * Stock by harvest lot: what the shelves hold, the bottles checkouts hold, and the bottles sales
 * take. Every change that could oversell locks the `stock_item` rows of the bottles it touches,
 * in one order, so that two checkouts for the last bottle take turns.
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { type ItemId, isItemId } from "~core/catalog";
import { shopDate } from "~core/dates";
import {
  bottlesNeeded,
  drawOldestFirst,
  firstShortage,
  isPastSellBy,
  renewalCommitmentDays,
  type SellableBottles,
  type ShelfState,
  type StockedBottleId,
  shelfState,
  stockedBottleIds,
} from "~core/stock";
import type { Database } from "../db/client.server";
import {
  memberships,
  stockHolds,
  stockItems,
  stockLots,
  stockMovements,
} from "../db/schema.server";
import { noticeLowStock } from "./low-stock.server";

export interface StockLine {
  itemId: ItemId;
  quantity: number;
}

export interface ShelfLot {
  id: number;
  bottleId: StockedBottleId;
  harvestDate: string;
  pressingDate: string;
  receivedBottles: number;
  onHand: number;
}

/** The lots of `bottleIds` that still hold bottles, oldest harvest first. */
export async function lotsOnShelf(db: Database, bottleIds: readonly StockedBottleId[]) {
  if (bottleIds.length === 0) return [];
  const rows = await db
    .select({
      id: stockLots.id,
      bottleId: stockLots.bottleId,
      harvestDate: stockLots.harvestDate,
      pressingDate: stockLots.pressingDate,
      receivedBottles: stockLots.receivedBottles,
      onHand: stockLots.onHand,
    })
    .from(stockLots)
    .where(and(inArray(stockLots.bottleId, [...bottleIds]), gt(stockLots.onHand, 0)))
    .orderBy(asc(stockLots.harvestDate), asc(stockLots.id));
  return rows;
}

/** Bottles held by checkouts not yet paid, cancelled or expired, by kind. */
async function heldBottles(
  db: Database,
  bottleIds: readonly StockedBottleId[],
  now: Date,
): Promise<SellableBottles> {
  if (bottleIds.length === 0) return {};
  const rows = await db
    .select({
      bottleId: stockHolds.bottleId,
      held: sql<number>`cast(sum(${stockHolds.quantity}) as integer)`,
    })
    .from(stockHolds)
    .where(and(inArray(stockHolds.bottleId, [...bottleIds]), gt(stockHolds.expiresAt, now)))
    .groupBy(stockHolds.bottleId);
  return Object.fromEntries(rows.map((row) => [row.bottleId, row.held]));
}

/** Bottles the memberships renewing in the coming days will ship, by kind. */
async function committedBottles(db: Database, now: Date): Promise<SellableBottles> {
  const horizon = new Date(now.getTime() + renewalCommitmentDays * 24 * 60 * 60 * 1000);
  const renewing = await db
    .select({
      itemId: memberships.itemId,
      quantity: sql<number>`cast(sum(${memberships.quantity}) as integer)`,
    })
    .from(memberships)
    .where(
      and(
        inArray(memberships.status, ["active", "past_due"]),
        lte(memberships.nextInvoiceAt, horizon),
      ),
    )
    .groupBy(memberships.itemId);
  const lines = renewing.flatMap((row) =>
    isItemId(row.itemId) ? [{ itemId: row.itemId, quantity: row.quantity }] : [],
  );
  return Object.fromEntries(bottlesNeeded(lines));
}

export interface BottleStock {
  onHand: number;
  held: number;
  /** Set aside for the memberships renewing within the coming week. */
  committed: number;
  sellable: number;
  /** What renewals may draw on: the selling lots less the holds, commitments included. */
  forRenewals: number;
  /** The harvest date of the lot the shop sells from now, when one is sellable. */
  sellingHarvest: string | null;
}

/**
 * On hand, held, committed and sellable bottles of each kind; lots past their sell-by date do not
 * sell.
 */
export async function stockLevels(
  db: Database,
  {
    today,
    now,
    bottleIds = stockedBottleIds,
  }: {
    today: string;
    now: Date;
    bottleIds?: readonly StockedBottleId[];
  },
): Promise<Record<StockedBottleId, BottleStock>> {
  const [lots, held, committed] = await Promise.all([
    lotsOnShelf(db, bottleIds),
    heldBottles(db, bottleIds, now),
    committedBottles(db, now),
  ]);
  const levels = Object.fromEntries(
    stockedBottleIds.map((bottleId) => [
      bottleId,
      {
        onHand: 0,
        held: held[bottleId] ?? 0,
        committed: committed[bottleId] ?? 0,
        sellable: 0,
        forRenewals: 0,
        sellingHarvest: null,
      },
    ]),
  ) as Record<StockedBottleId, BottleStock>;
  for (const lot of lots) {
    const level = levels[lot.bottleId];
    level.onHand += lot.onHand;
    if (isPastSellBy(lot.harvestDate, today)) continue;
    level.sellable += lot.onHand;
    level.sellingHarvest ??= lot.harvestDate;
  }
  for (const level of Object.values(levels)) {
    level.forRenewals = Math.max(0, level.sellable - level.held);
    level.sellable = Math.max(0, level.forRenewals - level.committed);
  }
  return levels;
}

/** Sellable bottles by kind, as the rules in core/stock.ts take them. */
export function sellableOf(levels: Record<StockedBottleId, BottleStock>): SellableBottles {
  return Object.fromEntries(
    Object.entries(levels).map(([bottleId, level]) => [bottleId, level.sellable]),
  );
}

/** What every page shows of the shelves: units each item can sell, and the harvest sold. */
export async function shelvesNow(db: Database, shopTimeZone: string): Promise<ShelfState> {
  const now = new Date();
  const levels = await stockLevels(db, { now, today: shopDate(now, shopTimeZone) });
  const harvest = Object.fromEntries(
    Object.entries(levels).flatMap(([bottleId, level]) =>
      level.sellingHarvest ? [[bottleId, level.sellingHarvest]] : [],
    ),
  );
  return shelfState(sellableOf(levels), harvest);
}

/** Locks the rows of the bottles a change touches, always in the same order. */
async function lockBottles(tx: Database, bottleIds: StockedBottleId[]): Promise<void> {
  if (bottleIds.length === 0) return;
  await tx
    .select({ bottleId: stockItems.bottleId })
    .from(stockItems)
    .where(inArray(stockItems.bottleId, bottleIds))
    .orderBy(asc(stockItems.bottleId))
    .for("update");
}

export type HoldOutcome = { ok: true } | { ok: false; itemId: ItemId; message: string };

/**
 * Holds a checkout's bottles under `holdKey` until `expiresAt`, or says which line the shelves
 * cannot fill ('Sold out', 'Only 2 left'). Nothing is held unless every line can be.
 */
export async function holdBottles(
  db: Database,
  request: {
    holdKey: string;
    lines: StockLine[];
    expiresAt: Date;
    today: string;
    now: Date;
    publicUrl: string;
  },
): Promise<HoldOutcome> {
  const needed = bottlesNeeded(request.lines);
  const bottleIds = [...needed.keys()].sort();
  return db.transaction(async (tx) => {
    await lockBottles(tx, bottleIds);
    const levels = await stockLevels(tx, { ...request, bottleIds });
    const shortage = firstShortage(request.lines, sellableOf(levels));
    if (shortage) return { ok: false, ...shortage };
    if (bottleIds.length > 0) {
      await tx.insert(stockHolds).values(
        bottleIds.map((bottleId) => ({
          holdKey: request.holdKey,
          bottleId,
          quantity: needed.get(bottleId) ?? 0,
          expiresAt: request.expiresAt,
        })),
      );
      const sellableAfter = new Map(
        bottleIds.map((bottleId) => [
          bottleId,
          levels[bottleId].sellable - (needed.get(bottleId) ?? 0),
        ]),
      );
      await noticeLowStock(tx, request.publicUrl, sellableAfter);
    }
    return { ok: true };
  });
}

/** The provider opened the session: its holds now carry the session's id. */
export async function attachHolds(db: Database, holdKey: string, checkoutSessionId: string) {
  await db.update(stockHolds).set({ checkoutSessionId }).where(eq(stockHolds.holdKey, holdKey));
}

/** Gives a checkout's bottles back to the shelves (the session could not open, or was cancelled). */
export async function releaseHolds(
  db: Database,
  which: { holdKey: string } | { checkoutSessionId: string },
): Promise<void> {
  await db
    .delete(stockHolds)
    .where(
      "holdKey" in which
        ? eq(stockHolds.holdKey, which.holdKey)
        : eq(stockHolds.checkoutSessionId, which.checkoutSessionId),
    );
}

/**
 * A paid order takes its bottles from the lots, oldest sellable harvest first, and the checkout's
 * holds end. Run inside the transaction that creates the order. Returns how many bottles no
 * sellable lot could give (none, unless stock was corrected by hand since the checkout held them).
 */
export async function takeSoldBottles(
  tx: Database,
  sale: { orderId: string; lines: StockLine[]; today: string; checkoutSessionId?: string },
): Promise<number> {
  const needed = bottlesNeeded(sale.lines);
  const bottleIds = [...needed.keys()].sort();
  await lockBottles(tx, bottleIds);
  if (sale.checkoutSessionId) {
    await releaseHolds(tx, { checkoutSessionId: sale.checkoutSessionId });
  }
  const lots = (await lotsOnShelf(tx, bottleIds)).filter(
    (lot) => !isPastSellBy(lot.harvestDate, sale.today),
  );
  let missing = 0;
  for (const bottleId of bottleIds) {
    const drawn = drawOldestFirst(
      lots.filter((lot) => lot.bottleId === bottleId),
      needed.get(bottleId) ?? 0,
    );
    missing += drawn.missing;
    for (const draw of drawn.draws) {
      await tx
        .update(stockLots)
        .set({ onHand: sql`${stockLots.onHand} - ${draw.quantity}` })
        .where(eq(stockLots.id, draw.lotId));
      await tx.insert(stockMovements).values({
        lotId: draw.lotId,
        change: -draw.quantity,
        reason: "sold",
        orderId: sale.orderId,
      });
    }
  }
  return missing;
}

/**
 * What a renewal of `lines` finds missing on the shelves: its bottles may come from every lot
 * still selling that no checkout holds (the bottles committed to renewals are kept for it).
 */
export async function renewalShortage(
  db: Database,
  lines: ReadonlyArray<{ itemId: ItemId; quantity: number }>,
  clock: { today: string; now: Date },
): Promise<{ itemId: ItemId; message: string } | null> {
  const bottleIds = [...bottlesNeeded(lines).keys()];
  const levels = await stockLevels(db, { ...clock, bottleIds });
  const forRenewals = Object.fromEntries(
    bottleIds.map((bottleId) => [bottleId, levels[bottleId].forRenewals]),
  );
  return firstShortage(lines, forRenewals);
}
