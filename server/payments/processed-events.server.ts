import type { Database } from "../db/client.server";
import { processedPaymentEvents } from "../db/schema.server";

/**
 * Records a payment event as handled, inside the transaction that handles it. Returns false
 * when it was handled before: a redelivery or a replay then changes nothing. A concurrent
 * delivery of the same event waits on the primary key until the first one commits.
 */
export async function recordProcessedEvent(
  db: Database,
  event: { id: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(processedPaymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: processedPaymentEvents.id });
  return rows.length > 0;
}
