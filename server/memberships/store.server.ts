/**
 * The shop's record of memberships: one row per subscription item, kept current from verified
 * payment events. The sandbox bills from it directly.
 */
import { and, asc, desc, eq, inArray, isNull, like, lte, ne, not, or, sql } from "drizzle-orm";
import { isMembershipId } from "~core/catalog";
import { type MembershipState, monthsAfter } from "~core/membership-rules";
import { isSandboxSubscription, sandboxSubscriptionPrefix } from "~core/sandbox-checkout";
import type { Database } from "../db/client.server";
import { membershipEvents, memberships } from "../db/schema.server";
import { randomId } from "../ids.server";
import type { SubscriptionItem } from "../payments/provider.server";

export type MembershipRecord = typeof memberships.$inferSelect;

export interface NewSubscription {
  subscriptionId: string;
  customerId: string;
  checkoutSessionId: string;
  items: SubscriptionItem[];
  nextInvoiceAt: Date;
  /** The terms shown at sign-up, when they were agreed to, and by which address. */
  consent: { termsVersion: string; at: Date; email: string | null };
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
        consentTermsVersion: subscription.consent.termsVersion,
        consentAt: subscription.consent.at,
        consentEmail: subscription.consent.email,
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

/**
 * After a paid invoice: active, with no failed payment open, on the plan that invoice billed,
 * billed again on `nextInvoiceAt` (only `itemIds`, when named).
 */
export async function advanceSubscription(
  db: Database,
  subscriptionId: string,
  nextInvoiceAt: Date,
  itemIds?: string[],
) {
  await db
    .update(memberships)
    .set({
      nextInvoiceAt,
      status: "active",
      failedAttempts: 0,
      failedAt: null,
      hardDecline: false,
      itemId: sql`coalesce(${memberships.pendingItemId}, ${memberships.itemId})`,
      unitPriceCents: sql`coalesce(${memberships.pendingUnitPriceCents}, ${memberships.unitPriceCents})`,
      pendingItemId: null,
      pendingUnitPriceCents: null,
    })
    .where(
      and(
        eq(memberships.subscriptionId, subscriptionId),
        ne(memberships.status, "canceled"),
        itemIds ? inArray(memberships.subscriptionItemId, itemIds) : undefined,
      ),
    );
}

/**
 * The sandbox's memberships the billing run may have work for at `asOf`: a charge, a retry, a
 * pause or a cancellation ending, or a reminder (up to `reminderDays` ahead).
 */
export async function sandboxMembershipsToVisit(
  db: Database,
  asOf: Date,
  reminderDays: number,
): Promise<string[]> {
  const horizon = new Date(asOf.getTime() + reminderDays * 86_400_000);
  const rows = await db
    .select({ id: memberships.subscriptionItemId })
    .from(memberships)
    .where(
      and(
        like(memberships.subscriptionId, "sub\\_sandbox\\_%"),
        ne(memberships.status, "canceled"),
        or(
          eq(memberships.status, "past_due"),
          lte(memberships.nextInvoiceAt, horizon),
          lte(memberships.cancelAt, asOf),
        ),
      ),
    )
    .orderBy(asc(memberships.nextInvoiceAt), asc(memberships.subscriptionItemId));
  return rows.map((row) => row.id);
}

const billedBySandbox = like(memberships.subscriptionId, `${sandboxSubscriptionPrefix}%`);

/** The timeline kind of the yearly reminder of the terms; its request names the membership year. */
export const termsReminded = "terms-reminded";

const lastRemindedYear =
  sql<number>`coalesce(max((${membershipEvents.request} ->> 'membershipYear')::int), 0)`.mapWith(
    Number,
  );

/**
 * The memberships, billed by the sandbox or by Stripe, that are a year old or more at `asOf`
 * and still billed, with the last membership year whose terms were e-mailed (0: none).
 */
export function membershipsPastAnniversary(
  db: Database,
  asOf: Date,
  billedBy: "sandbox" | "stripe",
) {
  return db
    .select({
      subscriptionItemId: memberships.subscriptionItemId,
      startedAt: memberships.createdAt,
      lastRemindedYear,
    })
    .from(memberships)
    .leftJoin(
      membershipEvents,
      and(
        eq(membershipEvents.subscriptionItemId, memberships.subscriptionItemId),
        eq(membershipEvents.kind, termsReminded),
      ),
    )
    .where(
      and(
        ne(memberships.status, "canceled"),
        lte(memberships.createdAt, monthsAfter(asOf, -12)),
        billedBy === "sandbox" ? billedBySandbox : not(billedBySandbox),
      ),
    )
    .groupBy(memberships.subscriptionItemId)
    .orderBy(asc(memberships.subscriptionItemId));
}

/** The last membership year whose terms were e-mailed to the member (0: none yet). */
export async function lastTermsReminderYear(
  db: Database,
  subscriptionItemId: string,
): Promise<number> {
  const [row] = await db
    .select({ lastRemindedYear })
    .from(membershipEvents)
    .where(
      and(
        eq(membershipEvents.subscriptionItemId, subscriptionItemId),
        eq(membershipEvents.kind, termsReminded),
      ),
    );
  return row?.lastRemindedYear ?? 0;
}

/**
 * The memberships Stripe bills, still billed and with no change of plan waiting (that plan's
 * price is already the subscription's): those a plan's new price may have to reach.
 */
export function stripeMembershipsOnTheirPlan(db: Database) {
  return db
    .select()
    .from(memberships)
    .where(
      and(
        ne(memberships.status, "canceled"),
        not(billedBySandbox),
        isNull(memberships.pendingItemId),
      ),
    )
    .orderBy(asc(memberships.subscriptionItemId));
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

/** The sandbox's memberships are billed by the shop itself, which can change all of them. */
export function billedByTheShop(row: MembershipRecord): boolean {
  return isSandboxSubscription(row.subscriptionId);
}

/** The membership as the pure rules see it. */
export function stateOf(row: MembershipRecord): MembershipState {
  return {
    status: row.status,
    itemId: isMembershipId(row.itemId) ? row.itemId : "everydayLuxury",
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    nextInvoiceAt: row.nextInvoiceAt,
    pausedFrom: row.pausedFrom,
    skippedInvoiceAt: row.skippedInvoiceAt,
    pendingItemId: isMembershipId(row.pendingItemId) ? row.pendingItemId : null,
    pendingUnitPriceCents: row.pendingUnitPriceCents,
    cancelAt: row.cancelAt,
    cancelOfferMade: row.cancelOfferMade,
    failedAttempts: row.failedAttempts,
    failedAt: row.failedAt,
    hardDecline: row.hardDecline,
  };
}

export function membershipsByItemIds(db: Database, subscriptionItemIds: string[]) {
  if (subscriptionItemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(memberships)
    .where(inArray(memberships.subscriptionItemId, subscriptionItemIds));
}

/** One membership, locked until the transaction ends; null when it is not there. */
export async function lockMembership(
  tx: Database,
  subscriptionItemId: string,
): Promise<MembershipRecord | null> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(eq(memberships.subscriptionItemId, subscriptionItemId))
    .for("update");
  return row ?? null;
}

export interface MembershipTimelineEntry {
  kind: string;
  summary: string;
  /** 'member', 'billing', or a member of staff's e-mail. */
  actor: string;
  request?: Record<string, unknown>;
}

/**
 * Writes the membership's new state (and any other columns in `extra`) with its timeline entry,
 * raising the revision. Call with the row locked by `lockMembership` in the same transaction.
 */
export async function writeMembership(
  tx: Database,
  row: MembershipRecord,
  state: MembershipState,
  entry: MembershipTimelineEntry,
  extra: Partial<
    Pick<MembershipRecord, "cancelReason" | "cardUpdateToken" | "stockRetries" | "stockRetryAt">
  > = {},
): Promise<MembershipRecord> {
  const revision = row.revision + 1;
  const [written] = await tx
    .update(memberships)
    .set({
      ...state,
      ...extra,
      canceledAt:
        state.status === "canceled" ? (row.canceledAt ?? state.cancelAt ?? new Date()) : null,
      revision,
    })
    .where(eq(memberships.subscriptionItemId, row.subscriptionItemId))
    .returning();
  await tx.insert(membershipEvents).values({
    subscriptionItemId: row.subscriptionItemId,
    revision,
    kind: entry.kind,
    summary: entry.summary,
    actor: entry.actor,
    request: entry.request ?? null,
  });
  return written ?? row;
}

/** The change a membership's `revision` came from, to answer a repeated request as done. */
export async function changeAtRevision(db: Database, subscriptionItemId: string, revision: number) {
  const [event] = await db
    .select()
    .from(membershipEvents)
    .where(
      and(
        eq(membershipEvents.subscriptionItemId, subscriptionItemId),
        eq(membershipEvents.revision, revision),
      ),
    );
  return event ?? null;
}

/** A membership's timeline, newest first. */
export function membershipTimeline(db: Database, subscriptionItemId: string) {
  return db
    .select()
    .from(membershipEvents)
    .where(eq(membershipEvents.subscriptionItemId, subscriptionItemId))
    .orderBy(desc(membershipEvents.revision));
}

/** The membership a card-update link names, while it is not cancelled. */
export async function membershipByCardToken(
  db: Database,
  token: string,
): Promise<MembershipRecord | null> {
  if (!/^cu_[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.cardUpdateToken, token), ne(memberships.status, "canceled")));
  return row ?? null;
}

/**
 * The card-update link's secret of one of `customerIds`' memberships, with its subscription, drawn the first time it is
 * asked for; null for a membership that is not theirs or is cancelled.
 */
export async function openCardUpdate(
  db: Database,
  customerIds: string[],
  subscriptionItemId: string,
): Promise<{ token: string; subscriptionId: string } | null> {
  if (customerIds.length === 0) return null;
  const [row] = await db
    .update(memberships)
    .set({ cardUpdateToken: sql`coalesce(${memberships.cardUpdateToken}, ${randomId("cu_")})` })
    .where(
      and(
        eq(memberships.subscriptionItemId, subscriptionItemId),
        inArray(memberships.customerId, customerIds),
        ne(memberships.status, "canceled"),
      ),
    )
    .returning({ token: memberships.cardUpdateToken, subscriptionId: memberships.subscriptionId });
  return row?.token ? { token: row.token, subscriptionId: row.subscriptionId } : null;
}
