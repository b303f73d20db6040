/**
 * Exactly-once order creation from verified payment events. Each handler
 * runs in one transaction: the event is recorded as processed, and the order, its items, the
 * memberships and the e-mail are written together or not at all. A second delivery of the same
 * event, or another event for the same session, finds its work done and changes nothing.
 */

import { type Catalog, isItemId, orderItemName } from "~core/catalog";
import { shopDate } from "~core/dates";
import { membershipTermsVersion } from "~core/membership-rules";
import { atListPrice } from "~core/order-summary";
import { readCatalog } from "../catalog/catalog.server";
import { findOrCreateGuest } from "../customers/guests.server";
import { findVerifiedAccountId, rememberPaymentCustomer } from "../customers/users.server";
import type { Database } from "../db/client.server";
import { type CheckoutLine, orderItems, orders, type PostalAddress } from "../db/schema.server";
import { orderNumber } from "../ids.server";
import {
  advanceSubscription,
  type MembershipRecord,
  recordSubscription,
  subscriptionMemberships,
} from "../memberships/store.server";
import { recordProcessedEvent } from "../payments/processed-events.server";
import type { CheckoutSessionInfo, RenewalInvoice, Shipping } from "../payments/provider.server";
import { findCheckoutSession, recordCompletion } from "../payments/sessions.server";
import { consumeSessionUse } from "../promotions/promotions.server";
import { takeSoldBottles } from "../stock/stock.server";
import { enqueueOrderMails } from "./order-mail.server";
import { findSubscriptionPurchase, type Order } from "./queries.server";

export interface FulfilmentDeps {
  db: Database;
  /** For the track link of the order e-mail. */
  publicUrl: string;
  /** Whose calendar decides which lots are past their sell-by date. */
  shopTimeZone: string;
}

export type FulfilmentResult =
  | { outcome: "created"; orderId: string }
  | { outcome: "updated" }
  | { outcome: "already-done" }
  | { outcome: "ignored"; reason: string }
  /** Paid, but the shop has no record of it (opened elsewhere, or lost): someone must look. */
  | { outcome: "unknown"; reason: string };

const alreadyDone: FulfilmentResult = { outcome: "already-done" };

/** 'Ada King Lovelace' → first name 'Ada', last name 'King Lovelace'. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

function shippingColumns(shipping: Shipping | null): {
  shipTo: string | null;
  address: PostalAddress | null;
} {
  return { shipTo: shipping?.name ?? null, address: shipping?.address ?? null };
}

async function insertOrder(
  tx: Database,
  order: typeof orders.$inferInsert,
  lines: CheckoutLine[],
): Promise<Order | null> {
  const [created] = await tx.insert(orders).values(order).onConflictDoNothing().returning();
  if (!created) return null;
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId: created.id,
      itemId: line.itemId,
      itemName: line.name,
      quantity: line.quantity,
      listPriceCents: line.listPriceCents,
      priceCents: line.priceCents,
      discountedTotalCents: line.priceCents * line.quantity,
    })),
  );
  return created;
}

/**
 * The order's bottles leave the lots, oldest sellable harvest first. The last step of its
 * transaction: the bottles' rows stay locked from here to the commit, and every checkout of the
 * same bottles waits for them.
 */
async function shipFromShelves(
  tx: Database,
  deps: FulfilmentDeps,
  orderId: string,
  lines: CheckoutLine[],
  checkoutSessionId?: string,
): Promise<void> {
  await takeSoldBottles(tx, {
    orderId,
    lines: lines.flatMap((line) =>
      isItemId(line.itemId) ? [{ itemId: line.itemId, quantity: line.quantity }] : [],
    ),
    today: shopDate(new Date(), deps.shopTimeZone),
    checkoutSessionId,
  });
}

/**
 * A checkout session was paid, whoever reports it: the Stripe webhook, the sandbox, or the
 * confirmation page asking the provider.
 */
export async function fulfilCheckout(
  deps: FulfilmentDeps,
  event: { id: string; session: CheckoutSessionInfo },
): Promise<FulfilmentResult> {
  const { session } = event;
  if (!session.paid || !session.customer) return { outcome: "ignored", reason: "not paid" };
  const customer = session.customer;
  return deps.db.transaction(async (tx) => {
    const record = await findCheckoutSession(tx, session.id);
    if (!record) return { outcome: "unknown", reason: `no checkout session ${session.id}` };
    if (!(await recordProcessedEvent(tx, { id: event.id, type: "checkout.completed" }))) {
      return alreadyDone;
    }
    await consumeSessionUse(tx, session.id, record.promotionCode);
    const { firstName, lastName } = splitName(customer.name);
    // The e-mail typed at payment proves nothing: the order joins the account that opened the
    // checkout, or else only an account that proved it owns that e-mail. A signed-in checkout
    // pays through the account's own customer, which the e-mail's guest must not carry to
    // whoever later claims that guest.
    const emailOwnerId = await findVerifiedAccountId(tx, customer.email);
    const { guest } = await findOrCreateGuest(tx, {
      email: customer.email,
      firstName,
      lastName,
      address: session.shipping?.address ?? null,
      hasLocalPickup: record.hasLocalPickup,
      paymentCustomerId: record.userId ? null : session.customerId,
      userId: emailOwnerId,
    });
    const userId = record.userId ?? emailOwnerId;
    const order = await insertOrder(
      tx,
      {
        id: orderNumber(),
        userId,
        guestId: guest.id,
        kind: "purchase",
        firstName,
        lastName,
        email: customer.email,
        hasLocalPickup: record.hasLocalPickup,
        ...shippingColumns(record.hasLocalPickup ? null : session.shipping),
        subtotalCents: record.subtotalCents,
        ...session.amounts,
        promotion: record.promotion,
        affiliate: session.affiliate ?? record.affiliate,
        checkoutSessionId: session.id,
        subscriptionId: session.subscription?.id ?? null,
      },
      record.items,
    );
    if (!order) return alreadyDone;
    if (session.subscription && session.customerId) {
      await recordSubscription(tx, {
        subscriptionId: session.subscription.id,
        customerId: session.customerId,
        checkoutSessionId: session.id,
        items: session.subscription.items,
        nextInvoiceAt: session.subscription.nextInvoiceAt,
        consent: {
          termsVersion: membershipTermsVersion,
          at: new Date(),
          email: session.customer?.email ?? null,
        },
      });
    }
    if (userId && session.customerId) await rememberPaymentCustomer(tx, userId, session.customerId);
    await recordCompletion(tx, session);
    await enqueueOrderMails(tx, deps.publicUrl, order, record.items.map(atListPrice));
    await shipFromShelves(tx, deps, order.id, record.items, session.id);
    return { outcome: "created", orderId: order.id };
  });
}

function renewalLines(catalog: Catalog, memberships: MembershipRecord[]): CheckoutLine[] {
  // A plan chosen for the next bill is the plan this bill ships.
  return memberships.flatMap((membership) => {
    const itemId = membership.pendingItemId ?? membership.itemId;
    const unitPriceCents = membership.pendingUnitPriceCents ?? membership.unitPriceCents;
    if (!isItemId(itemId)) return [];
    return [
      {
        itemId,
        name: orderItemName(catalog[itemId]),
        quantity: membership.quantity,
        listPriceCents: unitPriceCents,
        priceCents: unitPriceCents,
      },
    ];
  });
}

/** A membership's monthly invoice was paid: an order ships the month's bottles. */
export async function fulfilRenewal(
  deps: FulfilmentDeps,
  event: { id: string; invoice: RenewalInvoice },
): Promise<FulfilmentResult> {
  const { invoice } = event;
  return deps.db.transaction(async (tx) => {
    if (!(await recordProcessedEvent(tx, { id: event.id, type: "invoice.paid" }))) {
      return alreadyDone;
    }
    const billed = invoice.subscriptionItemIds;
    const memberships = (await subscriptionMemberships(tx, invoice.subscriptionId)).filter(
      (membership) => !billed || billed.includes(membership.subscriptionItemId),
    );
    const purchase = await findSubscriptionPurchase(tx, invoice.subscriptionId);
    if (memberships.length === 0 || !purchase) {
      return { outcome: "unknown", reason: `no membership of ${invoice.subscriptionId}` };
    }
    const lines = renewalLines(await readCatalog(tx), memberships);
    const shipping = invoice.shipping ?? { name: purchase.shipTo, address: purchase.address };
    const order = await insertOrder(
      tx,
      {
        id: orderNumber(),
        userId: purchase.userId,
        guestId: purchase.guestId,
        kind: "renewal",
        firstName: purchase.firstName,
        lastName: purchase.lastName,
        email: purchase.email,
        hasLocalPickup: !shipping.address,
        shipTo: shipping.name,
        address: shipping.address,
        subtotalCents: lines.map(atListPrice).reduce((sum, line) => sum + line.listTotalCents, 0),
        ...invoice.amounts,
        affiliate: purchase.affiliate,
        checkoutSessionId: invoice.id,
        subscriptionId: invoice.subscriptionId,
      },
      lines,
    );
    if (!order) return alreadyDone;
    await advanceSubscription(tx, invoice.subscriptionId, invoice.nextInvoiceAt, billed);
    await enqueueOrderMails(tx, deps.publicUrl, order, lines.map(atListPrice));
    await shipFromShelves(tx, deps, order.id, lines);
    return { outcome: "created", orderId: order.id };
  });
}
