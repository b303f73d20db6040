/** What the inbox says after 'Mark as processing' on several orders at once. */
import { type OrderStatus, orderStatuses, orderStatusLabels } from "../order-status";

/** An order the batch left as it was: its status then, or null when there is no such order. */
export interface BatchRefusal {
  orderId: string;
  status: OrderStatus | null;
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

function refusalGroup(orderIds: string[], status: OrderStatus | null): string {
  const one = orderIds.length === 1;
  const orders = `${one ? "order" : "orders"} ${listOf(orderIds)}`;
  if (status === null) return `${orders} ${one ? "was" : "were"} not found`;
  return `${orders} ${one ? "is" : "are"} ${orderStatusLabels[status].toLowerCase()}`;
}

/**
 * `3 orders marked as processing; 1 could not be: order X is shipped`. Refusals are grouped by
 * status, in the order an order passes through them, the orders not found last.
 */
export function processingBatchMessage(batch: ProcessingBatch): string {
  const count = batch.marked.length;
  const marked =
    count === 0
      ? "No order marked as processing"
      : `${count} ${count === 1 ? "order" : "orders"} marked as processing`;
  if (batch.refused.length === 0) return marked;
  const groups = [...orderStatuses, null].flatMap((status) => {
    const orderIds = batch.refused
      .filter((refusal) => refusal.status === status)
      .map((refusal) => refusal.orderId);
    return orderIds.length > 0 ? [refusalGroup(orderIds, status)] : [];
  });
  return `${marked}; ${batch.refused.length} could not be: ${groups.join("; ")}`;
}
