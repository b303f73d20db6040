/** Staff's work on the shelves: receiving lots and correcting their counts, each audited. */
import { eq } from "drizzle-orm";
import { fullName } from "~core/catalog";
import {
  type AdjustmentReason,
  adjustmentReasonLabels,
  defaultLowStockThreshold,
  isPastSellBy,
  type StockedBottleId,
  sellByDate,
  stockedBottleIds,
} from "~core/stock";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import { itemFullName, readCatalog } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { stockItems, stockLots, stockMovements } from "../db/schema.server";
import { lowStockThresholds } from "./low-stock.server";
import { type BottleStock, lotsOnShelf, stockLevels } from "./stock.server";

export interface LotReceipt {
  bottleId: StockedBottleId;
  bottles: number;
  harvestDate: string;
  pressingDate: string;
  /** The form's own key: sent twice, it receives one lot. */
  receiptKey: string;
}

/** Puts a new lot on the shelves. Returns the lot's id, or null when this form was already received. */
export async function receiveLot(
  db: Database,
  actor: AuditActor,
  receipt: LotReceipt,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.insert(stockItems).values({ bottleId: receipt.bottleId }).onConflictDoNothing();
    const [lot] = await tx
      .insert(stockLots)
      .values({
        bottleId: receipt.bottleId,
        harvestDate: receipt.harvestDate,
        pressingDate: receipt.pressingDate,
        receivedBottles: receipt.bottles,
        onHand: receipt.bottles,
        receiptKey: receipt.receiptKey,
      })
      .onConflictDoNothing({ target: stockLots.receiptKey })
      .returning({ id: stockLots.id });
    if (!lot) return null;
    await tx.insert(stockMovements).values({
      lotId: lot.id,
      change: receipt.bottles,
      reason: "received",
      actorId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: "stock.lot_received",
      subjectType: "stock_lot",
      subjectId: String(lot.id),
      after: {
        bottle: await itemFullName(tx, receipt.bottleId),
        bottles: receipt.bottles,
        harvestDate: receipt.harvestDate,
        pressingDate: receipt.pressingDate,
      },
    });
    return lot.id;
  });
}

export interface LotAdjustment {
  lotId: number;
  reason: AdjustmentReason;
  /** Damaged: how many bottles were lost. Count correction: how many the count found. */
  bottles: number;
  /** The lot's count when the form was shown: a form sent again, or after a sale, is refused. */
  expectedOnHand: number;
}

export type AdjustmentOutcome =
  | { ok: true; onHand: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "changed"; message: string };

function adjustedCount(adjustment: LotAdjustment, onHand: number): number | null {
  if (adjustment.reason === "count_correction") return adjustment.bottles;
  return adjustment.bottles <= onHand ? onHand - adjustment.bottles : null;
}

/** Changes a lot's count for a reason, once per form, with its audit row. */
export async function adjustLot(
  db: Database,
  actor: AuditActor,
  adjustment: LotAdjustment,
): Promise<AdjustmentOutcome> {
  return db.transaction(async (tx): Promise<AdjustmentOutcome> => {
    const [lot] = await tx
      .select({ onHand: stockLots.onHand, bottleId: stockLots.bottleId })
      .from(stockLots)
      .where(eq(stockLots.id, adjustment.lotId))
      .for("update");
    if (!lot) return { ok: false, reason: "not-found" };
    if (lot.onHand !== adjustment.expectedOnHand) {
      return {
        ok: false,
        reason: "changed",
        message: `This lot changed since the page was shown: it now holds ${lot.onHand} bottles. Please check and try again.`,
      };
    }
    const onHand = adjustedCount(adjustment, lot.onHand);
    if (onHand === null) {
      return {
        ok: false,
        reason: "changed",
        message: `This lot holds only ${lot.onHand} bottles.`,
      };
    }
    await tx.update(stockLots).set({ onHand }).where(eq(stockLots.id, adjustment.lotId));
    await tx.insert(stockMovements).values({
      lotId: adjustment.lotId,
      change: onHand - lot.onHand,
      reason: adjustment.reason,
      actorId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: "stock.lot_adjusted",
      subjectType: "stock_lot",
      subjectId: String(adjustment.lotId),
      before: { onHand: lot.onHand },
      after: { onHand, reason: adjustmentReasonLabels[adjustment.reason] },
    });
    return { ok: true, onHand };
  });
}

/** Sets the count at or below which the owner hears of a bottle, with its audit row. */
export async function setLowStockThreshold(
  db: Database,
  actor: AuditActor,
  change: { bottleId: StockedBottleId; threshold: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(stockItems).values({ bottleId: change.bottleId }).onConflictDoNothing();
    const [before] = await tx
      .select({ threshold: stockItems.lowStockThreshold })
      .from(stockItems)
      .where(eq(stockItems.bottleId, change.bottleId))
      .for("update");
    await tx
      .update(stockItems)
      .set({ lowStockThreshold: change.threshold, lowStockNoticedAt: null })
      .where(eq(stockItems.bottleId, change.bottleId));
    await recordAudit(tx, actor, {
      action: "stock.threshold_changed",
      subjectType: "stock_item",
      subjectId: change.bottleId,
      before: { threshold: before?.threshold ?? null },
      after: { threshold: change.threshold },
    });
  });
}

export interface LotView {
  id: number;
  harvestDate: string;
  pressingDate: string;
  receivedBottles: number;
  onHand: number;
  sellBy: string;
  pastSellBy: boolean;
}

export interface BottleStockView extends Omit<BottleStock, "forRenewals"> {
  bottleId: StockedBottleId;
  name: string;
  lowStockThreshold: number;
  lots: LotView[];
}

/** What the Stock page shows of a bottle's counts. */
function shownLevels({ forRenewals: _, ...shown }: BottleStock) {
  return shown;
}

/** The Stock page: every kind of bottle with its counts and the lots that hold bottles, oldest first. */
export async function stockOverview(
  db: Database,
  clock: { today: string; now: Date },
): Promise<BottleStockView[]> {
  const [levels, thresholds, lots, catalog] = await Promise.all([
    stockLevels(db, clock),
    lowStockThresholds(db),
    lotsOnShelf(db, stockedBottleIds),
    readCatalog(db),
  ]);
  return stockedBottleIds.map((bottleId) => ({
    bottleId,
    name: fullName(catalog[bottleId]),
    ...shownLevels(levels[bottleId]),
    lowStockThreshold: thresholds.get(bottleId) ?? defaultLowStockThreshold,
    lots: lots
      .filter((lot) => lot.bottleId === bottleId)
      .map(({ bottleId: _, ...lot }) => ({
        ...lot,
        sellBy: sellByDate(lot.harvestDate),
        pastSellBy: isPastSellBy(lot.harvestDate, clock.today),
      })),
  }));
}
