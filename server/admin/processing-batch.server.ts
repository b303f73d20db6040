/**
 * 'Mark as processing' for the orders chosen in the inbox. Each order is its own fulfilment step:
 * its own transaction, with its audit row. The batch is not one transaction: an order that cannot
 * be marked does not hold back the others, and no order stays locked while the rest are worked.
 */
import { inArray } from "drizzle-orm";
import { readOrderNumbers } from "~core/admin/order-numbers";
import type { BatchRefusal, ProcessingBatch } from "~core/admin/processing-batch";
import type { AuditActor } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { orders } from "../db/schema.server";
import { takeFulfilmentStep } from "./order-work.server";

export type ProcessingBatchOutcome =
  | ({ ok: true } & ProcessingBatch)
  | { ok: false; error: string };

/** Where the refused orders stand now, to say why; an order that is gone is not found. */
async function refusalsOf(db: Database, orderIds: string[]): Promise<BatchRefusal[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      fulfilmentStatus: orders.fulfilmentStatus,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const statuses = new Map(
    rows.map(({ id, fulfilmentStatus, paymentStatus }) => [
      id,
      { fulfilmentStatus, paymentStatus },
    ]),
  );
  return orderIds.map((orderId) => ({ orderId, statuses: statuses.get(orderId) ?? null }));
}

/**
 * Marks as processing each order the form's `order` values name. A selection that is empty, too
 * large or names something that cannot be an order number is refused whole, and changes nothing.
 */
export async function markSelectedAsProcessing(
  db: Database,
  publicUrl: string,
  actor: AuditActor,
  selection: readonly unknown[],
): Promise<ProcessingBatchOutcome> {
  const read = readOrderNumbers(selection);
  if (!read.ok) return read;
  if (read.unreadable.length > 0) {
    return { ok: false, error: `These are not order numbers: ${read.unreadable.join(", ")}` };
  }
  const marked: string[] = [];
  const refused: string[] = [];
  for (const orderId of read.orderIds) {
    const taken = await takeFulfilmentStep(db, publicUrl, actor, orderId, "processing");
    (taken.ok ? marked : refused).push(orderId);
  }
  return { ok: true, marked, refused: await refusalsOf(db, refused) };
}
