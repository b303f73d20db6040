/**
 * What the confirmation page shows for a checkout session. The page never creates an order
 *: when the payment event has not arrived yet, the server asks the provider, and a
 * paid session is fulfilled through the same exactly-once path as the webhook.
 */
import { isMembershipId } from "~core/catalog";
import type { ListPriceLine, OrderTotals } from "~core/order-summary";
import { readCatalog } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import type { PostalAddress } from "../db/schema.server";
import type { Logger } from "../logger.server";
import { subscriptionMemberships } from "../memberships/store.server";
import type { PaymentProvider, SavedCard } from "../payments/provider.server";
import { findCheckoutSession, storedCompletion } from "../payments/sessions.server";
import { handlePaymentEvent } from "./payment-events.server";
import {
  countOrders,
  findOrderByCheckoutSession,
  lineAtListPrice,
  type OrderWithItems,
  totalsOf,
} from "./queries.server";

export interface ConfirmationDeps {
  db: Database;
  payments: PaymentProvider;
  publicUrl: string;
  shopTimeZone: string;
  log: Logger;
}

/** An order as the shopper reads it on the confirmation page: lines at list price, totals, delivery. */
export interface ConfirmedOrder extends OrderTotals {
  id: string;
  email: string;
  items: Array<{ itemId: string } & ListPriceLine>;
  promotionCode: string | null;
  shipTo: string | null;
  address: PostalAddress | null;
}

export interface MembershipSummary {
  names: string[];
  /** Seconds since the epoch, as the account page shows memberships. */
  nextInvoiceDate: number;
  card: Pick<SavedCard, "brand" | "last4"> | null;
}

/**
 * How the shopper follows the order: in the account; or, for a guest whose only order is this
 * one, through the create-account link; a guest with earlier orders gets that link by e-mail
 * only, so that typing someone else's address at checkout never opens their order history.
 */
export type OrderTracking =
  | { kind: "account" }
  | { kind: "create-account"; guestId: string }
  | { kind: "link-by-email" };

function orderTracking(
  order: Pick<OrderWithItems, "userId" | "guestId">,
  orderCount: number,
): OrderTracking {
  if (order.userId || !order.guestId) return { kind: "account" };
  return orderCount > 1
    ? { kind: "link-by-email" }
    : { kind: "create-account", guestId: order.guestId };
}

export type Confirmation =
  | { outcome: "unknown" }
  | { outcome: "processing" }
  | {
      outcome: "confirmed";
      order: ConfirmedOrder;
      orderCount: number;
      tracking: OrderTracking;
      membership: MembershipSummary | null;
    };

async function fulfilFromProvider(
  deps: ConfirmationDeps,
  sessionId: string,
): Promise<"expired" | "pending" | "done"> {
  try {
    const session = await deps.payments.retrieveCheckoutSession(sessionId);
    if (!session || session.status === "expired") return "expired";
    if (!session.paid) return "pending";
    await handlePaymentEvent(deps, {
      id: `retrieved:${sessionId}`,
      type: "checkout.completed",
      session,
    });
    return "done";
  } catch (error) {
    deps.log.warn({ err: error }, "checkout session could not be confirmed yet");
    return "pending";
  }
}

function toConfirmedOrder(order: OrderWithItems): ConfirmedOrder {
  return {
    id: order.id,
    email: order.email,
    items: order.items.map((item) => ({ itemId: item.itemId, ...lineAtListPrice(item) })),
    ...totalsOf(order),
    promotionCode: order.promotion?.codeName ?? null,
    shipTo: order.shipTo,
    address: order.address,
  };
}

async function membershipSummary(
  deps: ConfirmationDeps,
  subscriptionId: string,
  customerId: string | null,
): Promise<MembershipSummary | null> {
  const memberships = await subscriptionMemberships(deps.db, subscriptionId);
  const [first] = memberships;
  if (!first) return null;
  let card: MembershipSummary["card"] = null;
  try {
    const [saved] = customerId ? await deps.payments.listCards(customerId) : [];
    card = saved ? { brand: saved.brand, last4: saved.last4 } : null;
  } catch (error) {
    deps.log.warn({ err: error }, "saved card could not be read");
  }
  const catalog = await readCatalog(deps.db);
  return {
    names: memberships.map((row) =>
      isMembershipId(row.itemId) ? catalog[row.itemId].name : row.itemId,
    ),
    nextInvoiceDate: Math.floor(first.nextInvoiceAt.getTime() / 1000),
    card,
  };
}

async function paymentCustomerOf(db: Database, sessionId: string): Promise<string | null> {
  const record = await findCheckoutSession(db, sessionId);
  return record ? (storedCompletion(record)?.customerId ?? null) : null;
}

export async function confirmCheckout(
  deps: ConfirmationDeps,
  sessionId: string,
): Promise<Confirmation> {
  if (!(await findCheckoutSession(deps.db, sessionId))) return { outcome: "unknown" };
  let order = await findOrderByCheckoutSession(deps.db, sessionId);
  if (!order) {
    const outcome = await fulfilFromProvider(deps, sessionId);
    if (outcome === "expired") return { outcome: "unknown" };
    order = await findOrderByCheckoutSession(deps.db, sessionId);
  }
  if (!order) return { outcome: "processing" };
  const owner = order.userId ? { userId: order.userId } : { guestId: order.guestId ?? "" };
  const orderCount = await countOrders(deps.db, owner);
  return {
    outcome: "confirmed",
    order: toConfirmedOrder(order),
    orderCount,
    tracking: orderTracking(order, orderCount),
    membership: order.subscriptionId
      ? await membershipSummary(
          deps,
          order.subscriptionId,
          await paymentCustomerOf(deps.db, sessionId),
        )
      : null,
  };
}
