/** The owner hears once each time a bottle's sellable count falls to its low-stock threshold. */
import { eq, inArray } from "drizzle-orm";
import { type StockedBottleId, stockedBottleIds } from "~core/stock";
import { ownerEmails } from "../admin/staff-members.server";
import { itemFullName } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { stockItems } from "../db/schema.server";
import { enqueueMail } from "../mail/outbox.server";

/**
 * Compares each bottle's sellable count after a change with its threshold: a fall to it or below
 * queues one e-mail to each owner and marks the bottle told; a rise above it clears the mark, so
 * the next fall is told again. Run in the transaction of the change, with the bottles' rows
 * locked: `items` are those rows as the lock read them.
 */
export async function noticeLowStock(
  tx: Database,
  publicUrl: string,
  sellableAfter: ReadonlyMap<StockedBottleId, number>,
  items: ReadonlyArray<typeof stockItems.$inferSelect>,
): Promise<void> {
  for (const item of items) {
    if (!sellableAfter.has(item.bottleId)) continue;
    const sellable = sellableAfter.get(item.bottleId) ?? 0;
    const low = sellable <= item.lowStockThreshold;
    if (low === (item.lowStockNoticedAt !== null)) continue;
    await tx
      .update(stockItems)
      .set({ lowStockNoticedAt: low ? new Date() : null })
      .where(eq(stockItems.bottleId, item.bottleId));
    if (!low) continue;
    for (const to of await ownerEmails(tx)) {
      await enqueueMail(tx, {
        template: "low-stock",
        to,
        payload: {
          bottleName: await itemFullName(tx, item.bottleId),
          sellable,
          threshold: item.lowStockThreshold,
          stockUrl: `${publicUrl}/admin/stock`,
        },
      });
    }
  }
}

/** Every bottle's low-stock threshold, for the Stock page. */
export async function lowStockThresholds(db: Database): Promise<Map<StockedBottleId, number>> {
  const rows = await db
    .select({ bottleId: stockItems.bottleId, threshold: stockItems.lowStockThreshold })
    .from(stockItems)
    .where(inArray(stockItems.bottleId, [...stockedBottleIds]));
  return new Map(rows.map((row) => [row.bottleId, row.threshold]));
}
