/**
 * The shop's record of memberships: one row per subscription item, kept current from verified
 * payment events. The sandbox bills from it directly.
 */
import { and, asc, eq, lte, ne } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { memberships } from "../db/schema.server";
import type { SubscriptionItem } from "../payments/provider.server";

export type MembershipRecord = typeof memberships.$inferSelect;

export interface NewSubscription {
  subscriptionId: string;
  customerId: string;
  checkoutSessionId: string;
  items: SubscriptionItem[];
  nextInvoiceAt: Date;
}

export async function recordSubscription(db: Database, subscription: NewSubscription) {
  if (subscription.items.length === 0) return;
  await db
    .insert(memberships)
    .values(
      subscription.items.map((item) => ({
        subscriptionItemId: item.subscriptionItemId,
        subscriptionId: subscription.subscriptionId,
        customerId: subscription.customerId,
        itemId: item.itemId,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        nextInvoiceAt: subscription.nextInvoiceAt,
        checkoutSessionId: subscription.checkoutSessionId,
      })),
    )
    .onConflictDoNothing();
}

/** The customer's memberships that are still billed (active or awaiting payment). */
export function customerMemberships(db: Database, customerId: string) {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.customerId, customerId), ne(memberships.status, "canceled")))
    .orderBy(asc(memberships.createdAt), asc(memberships.subscriptionItemId));
}

export function subscriptionMemberships(db: Database, subscriptionId: string) {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.subscriptionId, subscriptionId), ne(memberships.status, "canceled")))
    .orderBy(asc(memberships.subscriptionItemId));
}

/** Active memberships whose next invoice is due at `asOf`, oldest first. */
export function dueMemberships(db: Database, asOf: Date) {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.status, "active"), lte(memberships.nextInvoiceAt, asOf)))
    .orderBy(asc(memberships.nextInvoiceAt), asc(memberships.subscriptionItemId));
}

/** After a paid invoice: billed again on `nextInvoiceAt`. */
export async function advanceSubscription(
  db: Database,
  subscriptionId: string,
  nextInvoiceAt: Date,
) {
  await db
    .update(memberships)
    .set({ nextInvoiceAt, status: "active" })
    .where(and(eq(memberships.subscriptionId, subscriptionId), ne(memberships.status, "canceled")));
}

export async function markSubscriptionPastDue(db: Database, subscriptionId: string) {
  await db
    .update(memberships)
    .set({ status: "past_due" })
    .where(and(eq(memberships.subscriptionId, subscriptionId), eq(memberships.status, "active")));
}

/** Cancels one item, or every item of a subscription, and returns what was still billed. */
export function cancelMemberships(
  db: Database,
  filter: { subscriptionId: string } | { subscriptionItemId: string },
) {
  const target =
    "subscriptionId" in filter
      ? eq(memberships.subscriptionId, filter.subscriptionId)
      : eq(memberships.subscriptionItemId, filter.subscriptionItemId);
  return db
    .update(memberships)
    .set({ status: "canceled", canceledAt: new Date() })
    .where(and(target, ne(memberships.status, "canceled")))
    .returning();
}

/** A plan's new price reached the member: billed from now on. */
export async function setMembershipUnitPrice(
  db: Database,
  subscriptionItemId: string,
  unitPriceCents: number,
) {
  await db
    .update(memberships)
    .set({ unitPriceCents })
    .where(eq(memberships.subscriptionItemId, subscriptionItemId));
}
