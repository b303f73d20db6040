/** What the inbox says after 'Mark as processing' on several orders at once. */
import {
  fulfilmentStatuses,
  type OrderStatuses,
  paymentStatuses,
  statusesInWords,
} from "../order-status";

/** An order the batch left as it was: its statuses then, or null when there is no such order. */
export interface BatchRefusal {
  orderId: string;
  statuses: OrderStatuses | null;
}

export interface ProcessingBatch {
  marked: string[];
  refused: BatchRefusal[];
}

/** How many numbers one group of refusals names before it only counts the others. */
const namedPerGroup = 5;

/** `A`, `A and B`, `A, B and C`; past `namedPerGroup`, the rest as `and 3 more`. */
function listOf(orderIds: string[]): string {
  const named = orderIds.slice(0, namedPerGroup);
  const more = orderIds.length - named.length;
  const rest = more > 0 ? [`${more} more`] : [];
  const all = [...named, ...rest];
  const last = all.pop();
  return all.length > 0 ? `${all.join(", ")} and ${last}` : (last ?? "");
}

function refusalGroup(orderIds: string[], statuses: OrderStatuses | null): string {
  const one = orderIds.length === 1;
  const orders = `${one ? "order" : "orders"} ${listOf(orderIds)}`;
  if (statuses === null) return `${orders} ${one ? "was" : "were"} not found`;
  return `${orders} ${one ? "is" : "are"} ${statusesInWords(statuses)}`;
}

/** Every pair of statuses, fulfilment first, in the order an order passes through them. */
const statusPairs: OrderStatuses[] = fulfilmentStatuses.flatMap((fulfilmentStatus) =>
  paymentStatuses.map((paymentStatus) => ({ fulfilmentStatus, paymentStatus })),
);

const groupKey = (statuses: OrderStatuses | null) =>
  statuses ? `${statuses.fulfilmentStatus} ${statuses.paymentStatus}` : "not found";

/**
 * `3 orders marked as processing; 1 could not be: order X is shipped`. Refusals are grouped by
 * their statuses, in the order an order passes through them, the orders not found last.
 */
export function processingBatchMessage(batch: ProcessingBatch): string {
  const count = batch.marked.length;
  const marked =
    count === 0
      ? "No order marked as processing"
      : `${count} ${count === 1 ? "order" : "orders"} marked as processing`;
  if (batch.refused.length === 0) return marked;
  const groups = [...statusPairs, null].flatMap((statuses) => {
    const orderIds = batch.refused
      .filter((refusal) => groupKey(refusal.statuses) === groupKey(statuses))
      .map((refusal) => refusal.orderId);
    return orderIds.length > 0 ? [refusalGroup(orderIds, statuses)] : [];
  });
  return `${marked}; ${batch.refused.length} could not be: ${groups.join("; ")}`;
}
