/**
 * Stock by harvest lot: what the shelves hold, the bottles checkouts hold, and the bottles sales
 * take. Every change that could oversell locks the `stock_item` rows of the bottles it touches,
 * in one order, so that two checkouts for the last bottle take turns.
 */
import { and, asc, eq, gt, inArray, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type ItemId, isItemId } from "~core/catalog";
import { shopDate } from "~core/dates";
import { daysAfter } from "~core/membership-rules";
import {
  bottlesNeeded,
  drawOldestFirst,
  firstShortage,
  isPastSellBy,
  isStockedBottleId,
  type LotDraw,
  renewalCommitmentDays,
  type SellableBottles,
  type ShelfState,
  type StockedBottleId,
  type StockReason,
  shelfState,
  stockedBottleIds,
} from "~core/stock";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import {
  checkoutSessions,
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

/** A row of one of the bottles the placeholder `bottleIds` names. */
const amongBottleIds = (column: SQLWrapper) =>
  sql`${column} = any(cast(${sql.placeholder("bottleIds")} as text[]))`;

/** The lots of the placeholder `bottleIds` that still hold bottles. */
const lotsHoldingBottles = and(amongBottleIds(stockLots.bottleId), gt(stockLots.onHand, 0));

const lotsWithBottles = preparedPerDatabase((db) =>
  db
    .select({
      id: stockLots.id,
      bottleId: stockLots.bottleId,
      harvestDate: stockLots.harvestDate,
      pressingDate: stockLots.pressingDate,
      receivedBottles: stockLots.receivedBottles,
      onHand: stockLots.onHand,
    })
    .from(stockLots)
    .where(lotsHoldingBottles)
    .orderBy(asc(stockLots.harvestDate), asc(stockLots.id))
    .prepare("stock_lots_with_bottles"),
);

/** The lots of `bottleIds` that still hold bottles, oldest harvest first. */
export async function lotsOnShelf(
  db: Database,
  bottleIds: readonly StockedBottleId[],
): Promise<ShelfLot[]> {
  if (bottleIds.length === 0) return [];
  return await lotsWithBottles(db).execute({ bottleIds });
}

type StockItemRow = typeof stockItems.$inferSelect;

/** A lot of sellable age or not, as a count of the shelves reads it. */
type CountedLot = Pick<ShelfLot, "id" | "bottleId" | "harvestDate" | "onHand">;

/** What a reading of the shelves is made of: each row says which of the three it is. */
type ShelfRowKind = "lot" | "held" | "renewing";

const ofKind = (kind: ShelfRowKind) => sql<ShelfRowKind>`cast(${sql.raw(`'${kind}'`)} as text)`;
const noLot = sql<number>`cast(null as integer)`;
const noHarvest = sql<string>`cast(null as date)`;

/** Each bottle's holds already past the placeholder `now`, which no checkout has deleted yet. */
const expiredHolds = (db: Database) =>
  db
    .select({ bottles: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)` })
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.bottleId, stockItems.bottleId),
        lte(stockHolds.expiresAt, sql.placeholder("now")),
      ),
    );

/** The lots of the placeholder `bottleIds` that hold bottles, as rows of a shelf reading. */
const lotRows = (db: Database) =>
  db
    .select({
      kind: ofKind("lot"),
      lotId: stockLots.id,
      key: sql<string>`${stockLots.bottleId}`,
      harvestDate: stockLots.harvestDate,
      quantity: stockLots.onHand,
    })
    .from(stockLots)
    .where(lotsHoldingBottles);

/**
 * The bottles of each of `bottleIds` held by checkouts not yet paid, cancelled or expired: its
 * count of held bottles less its holds already past their time.
 */
const heldRows = (db: Database) =>
  db
    .select({
      kind: ofKind("held"),
      lotId: noLot,
      key: stockItems.bottleId,
      harvestDate: noHarvest,
      quantity: sql<number>`cast(${stockItems.held} - (${expiredHolds(db)}) as integer)`,
    })
    .from(stockItems)
    .where(amongBottleIds(stockItems.bottleId));

/** How many of each membership renew before the placeholder `horizon`. */
const renewingRows = (db: Database) =>
  db
    .select({
      kind: ofKind("renewing"),
      lotId: noLot,
      key: memberships.itemId,
      harvestDate: noHarvest,
      quantity: sql<number>`cast(sum(${memberships.quantity}) as integer)`,
    })
    .from(memberships)
    .where(
      and(
        inArray(memberships.status, ["active", "past_due"]),
        lte(memberships.nextInvoiceAt, sql.placeholder("horizon")),
      ),
    )
    .groupBy(memberships.itemId);

/** The shelves in one statement: lots, held bottles and renewals. */
const shelfRows = preparedPerDatabase((db) =>
  lotRows(db).unionAll(heldRows(db)).unionAll(renewingRows(db)).prepare("stock_shelf_rows"),
);

/** What a hold reads before its call, which counts the held bottles itself under the lock. */
const shelfRowsForHold = preparedPerDatabase((db) =>
  lotRows(db).unionAll(renewingRows(db)).prepare("stock_shelf_rows_for_hold"),
);

interface ShelfReading {
  /** The lots that hold bottles, oldest harvest first, whatever their age. */
  lots: CountedLot[];
  held: SellableBottles;
  /** The bottles the memberships renewing within the week will ship. */
  committed: SellableBottles;
}

/**
 * The shelves of `bottleIds` as they stand at `now`, read in one statement; `held` stays empty
 * when the statement is the hold's.
 */
async function readShelves(
  statement: typeof shelfRows,
  db: Database,
  bottleIds: readonly StockedBottleId[],
  now: Date,
): Promise<ShelfReading> {
  const rows = await statement(db).execute({
    bottleIds,
    now: now.toISOString(),
    horizon: daysAfter(now, renewalCommitmentDays).toISOString(),
  });
  const lots: CountedLot[] = [];
  const held: SellableBottles = {};
  const renewing: StockLine[] = [];
  for (const { kind, lotId, key, harvestDate, quantity } of rows) {
    if (kind === "renewing") {
      if (isItemId(key)) renewing.push({ itemId: key, quantity });
    } else if (isStockedBottleId(key)) {
      if (kind === "held") held[key] = quantity;
      else lots.push({ id: lotId, bottleId: key, harvestDate, onHand: quantity });
    }
  }
  lots.sort((a, b) => a.harvestDate.localeCompare(b.harvestDate) || a.id - b.id);
  return { lots, held, committed: Object.fromEntries(bottlesNeeded(renewing)) };
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

function emptyLevels(
  held: SellableBottles,
  committed: SellableBottles,
): Record<StockedBottleId, BottleStock> {
  return Object.fromEntries(
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
}

/**
 * On hand, held, committed and sellable bottles of each kind; lots past their sell-by date do not
 * sell.
 */
export async function stockLevels(
  db: Database,
  options: { today: string; now: Date; bottleIds?: readonly StockedBottleId[] },
): Promise<Record<StockedBottleId, BottleStock>> {
  const { today, now, bottleIds = stockedBottleIds } = options;
  const { lots, held, committed } = await readShelves(shelfRows, db, bottleIds, now);
  const levels = emptyLevels(held, committed);
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

/**
 * Locks the rows of the bottles a change touches, always in the same order, and returns them as
 * the last change left them. Every insert or delete of a bottle's holds runs with its row locked,
 * so that the row's count of held bottles moves by what the change added or deleted.
 */
async function lockBottles(
  tx: Database,
  bottleIds: readonly StockedBottleId[] | SQLWrapper,
): Promise<StockItemRow[]> {
  if (Array.isArray(bottleIds) && bottleIds.length === 0) return [];
  return tx
    .select()
    .from(stockItems)
    .where(inArray(stockItems.bottleId, Array.isArray(bottleIds) ? [...bottleIds] : bottleIds))
    .orderBy(asc(stockItems.bottleId))
    .for("update");
}

/**
 * The parts of a statement that delete the holds `which` names and take their bottles off the
 * counts of held bottles; run with the bottles' rows locked.
 */
const holdsDeleted = (which: SQL) => sql`
    deleted as (
      delete from ${stockHolds} where ${which}
      returning ${stockHolds.bottleId}, ${stockHolds.quantity}
    ), change as (
      select bottle_id, sum(quantity) as bottles from deleted group by bottle_id
    ), released as (
      update ${stockItems} set held = ${stockItems.held} - change.bottles
      from change where ${stockItems.bottleId} = change.bottle_id
    )`;

async function deleteHolds(tx: Database, which: SQL): Promise<void> {
  await tx.execute(sql`with ${holdsDeleted(which)} select 1`);
}

export type HoldOutcome = { ok: true } | { ok: false; itemId: ItemId; message: string };

const holdStatement = preparedPerDatabase((db) =>
  db
    .select({
      bottleId: sql<StockedBottleId>`bottle_id`,
      sellable: sql<number>`sellable`,
      threshold: sql<number>`low_stock_threshold`,
      noticed: sql<boolean>`low_stock_noticed`,
      held: sql<boolean>`held`,
    })
    .from(
      sql`stock_hold_bottles(
        ${sql.placeholder("holdKey")},
        cast(${sql.placeholder("bottleIds")} as text[]),
        cast(${sql.placeholder("needed")} as integer[]),
        cast(${sql.placeholder("committed")} as integer[]),
        cast(${sql.placeholder("lotIds")} as integer[]),
        cast(${sql.placeholder("expiresAt")} as timestamptz),
        cast(${sql.placeholder("now")} as timestamptz)
      )`,
    )
    .prepare("stock_hold_bottles"),
);

/**
 * Holds a checkout's bottles under `holdKey` until `expiresAt`, or says which line the shelves
 * cannot fill ('Sold out', 'Only 2 left'). Nothing is held unless every line can be.
 *
 * The lots selling today and the memberships renewing soon are read first; then one call of
 * `stock_hold_bottles` locks the bottles' rows, counts them and writes the holds, so the rows stay
 * locked for that call and its commit only.
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
  if (bottleIds.length === 0) return { ok: true };
  const { lots, committed } = await readShelves(shelfRowsForHold, db, bottleIds, request.now);
  const lotIds = lots
    .filter((lot) => !isPastSellBy(lot.harvestDate, request.today))
    .map((lot) => lot.id);
  const counted = await holdStatement(db).execute({
    holdKey: request.holdKey,
    bottleIds,
    needed: bottleIds.map((bottleId) => needed.get(bottleId) ?? 0),
    committed: bottleIds.map((bottleId) => committed[bottleId] ?? 0),
    lotIds,
    expiresAt: request.expiresAt.toISOString(),
    now: request.now.toISOString(),
  });
  const sellable: SellableBottles = Object.fromEntries(
    counted.map((row) => [row.bottleId, row.sellable]),
  );
  if (!counted.every((row) => row.held)) {
    const shortage = firstShortage(request.lines, sellable);
    if (!shortage) throw new Error("The database refused a hold that its own counts allow");
    return { ok: false, ...shortage };
  }
  const crossed = counted.filter(
    (row) => row.sellable - (needed.get(row.bottleId) ?? 0) <= row.threshold !== row.noticed,
  );
  if (crossed.length > 0) {
    await reviewLowStock(
      db,
      request,
      crossed.map((row) => row.bottleId),
    );
  }
  return { ok: true };
}

/**
 * A hold took bottles across their low-stock threshold (or a bottle is above it again): with the
 * rows locked, the counts are read afresh and the owner is told once per fall.
 */
async function reviewLowStock(
  db: Database,
  clock: { today: string; now: Date; publicUrl: string },
  bottleIds: readonly StockedBottleId[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const lockedItems = await lockBottles(tx, [...bottleIds].sort());
    const levels = await stockLevels(tx, { ...clock, bottleIds });
    const sellable = new Map(bottleIds.map((bottleId) => [bottleId, levels[bottleId].sellable]));
    await noticeLowStock(tx, clock.publicUrl, sellable, lockedItems);
  });
}

/** A checkout's holds, by their key or by the session whose record carries it. */
const holdsOf = (which: { holdKey: string } | { checkoutSessionId: string }) =>
  "holdKey" in which
    ? eq(stockHolds.holdKey, which.holdKey)
    : sql`${stockHolds.holdKey} = (
        select ${checkoutSessions.holdKey} from ${checkoutSessions}
        where ${checkoutSessions.id} = ${which.checkoutSessionId}
      )`;

/**
 * Gives a checkout's bottles back to the shelves (the session could not open, was cancelled, or
 * was paid). Locks the bottles its holds name, in the usual order, in a transaction of its own
 * unless `db` is already one.
 */
export async function releaseHolds(
  db: Database,
  which: { holdKey: string } | { checkoutSessionId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockBottles(
      tx,
      tx.select({ bottleId: stockHolds.bottleId }).from(stockHolds).where(holdsOf(which)),
    );
    if (locked.length > 0) await deleteHolds(tx, holdsOf(which));
  });
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
  // Read after the lock, in a statement of its own: a statement that waited for the lock would
  // still see the lots as they were before the sale it waited for.
  const lots = (await lotsOnShelf(tx, bottleIds)).filter(
    (lot) => !isPastSellBy(lot.harvestDate, sale.today),
  );
  const drawn = bottleIds.map((bottleId) =>
    drawOldestFirst(
      lots.filter((lot) => lot.bottleId === bottleId),
      needed.get(bottleId) ?? 0,
    ),
  );
  await endHoldsAndDraw(tx, {
    holds: sale.checkoutSessionId ? holdsOf({ checkoutSessionId: sale.checkoutSessionId }) : null,
    draws: drawn.flatMap((drawing) => drawing.draws),
    orderId: sale.orderId,
  });
  return drawn.reduce((total, drawing) => total + drawing.missing, 0);
}

/**
 * In one statement: the checkout's holds end, and each draw leaves its lot with a movement that
 * names the order. Run with the bottles' rows locked.
 */
async function endHoldsAndDraw(
  tx: Database,
  sale: { holds: SQL | null; draws: readonly LotDraw[]; orderId: string },
): Promise<void> {
  const parts: SQL[] = sale.holds ? [holdsDeleted(sale.holds)] : [];
  if (sale.draws.length > 0) {
    const sold: StockReason = "sold";
    parts.push(sql`
    drawn (lot_id, quantity) as (
      values ${sql.join(
        sale.draws.map((draw) => sql`(${draw.lotId}::integer, ${draw.quantity}::integer)`),
        sql`, `,
      )}
    ), taken as (
      update ${stockLots} set on_hand = ${stockLots.onHand} - drawn.quantity
      from drawn where ${stockLots.id} = drawn.lot_id
    ), moved as (
      insert into ${stockMovements} (lot_id, change, reason, order_id)
      select lot_id, -quantity, ${sold}, ${sale.orderId} from drawn
    )`);
  }
  if (parts.length > 0) await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
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
