/**
 * The back office's memberships: every membership with the customer who holds it, and its
 * cancellation on the customer's behalf, through the same code path as the account's own.
 */
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { guestCustomerId } from "~core/admin/customers";
import {
  countsByStatus,
  listOffset,
  listPageCount,
  listPageSize,
  type PageInList,
} from "~core/admin/list-query";
import {
  isCancellable,
  type MembershipStatus,
  type MembershipView,
  membershipStatuses,
} from "~core/admin/memberships";
import type { MembershipsQuery } from "~core/admin/memberships-query";
import { cancelReasons, isCancelReason } from "~core/membership-rules";
import type { AuditActor } from "../audit/audit.server";
import type { AccountServices } from "../customers/payment-customers.server";
import type { Database } from "../db/client.server";
import { memberships, orders, products, users } from "../db/schema.server";
import {
  cancelMembership,
  type MailRecipient,
  MembershipNotFoundError,
} from "../memberships/memberships.server";
import { membershipTimeline } from "../memberships/store.server";
import { NotFoundAtProviderError } from "../payments/provider.server";
import { membershipColumns, membershipView, withPlanNames } from "./customers.server";
import { escapeLikePattern } from "./orders-inbox.server";

/** Who holds a membership: their account when it has one, else the purchase's name and e-mail. */
export interface MembershipHolder {
  /**
   * The holder's customer id, for the link to their page: the account's, or the guest's while
   * the purchase is in no account; null when the holder is no customer (a member of staff).
   */
  customerId: string | null;
  /** Whether the holder has an account. */
  hasAccount: boolean;
  name: string;
  email: string;
}

/** A membership with its holder, as the memberships list shows it. */
export interface HeldMembership extends MembershipView {
  holder: MembershipHolder;
}

export interface MembershipsPage extends PageInList {
  memberships: HeldMembership[];
  /** Memberships of each status matching the search: what each status tab would show. */
  statusCounts: Record<MembershipStatus, number>;
}

/** The purchase that started a membership: the order of its checkout session names its holder. */
const purchaseOrder = eq(orders.checkoutSessionId, memberships.checkoutSessionId);

/** The account the purchase joined, when it did: it names the holder as they are now. */
const holderAccount = and(eq(users.id, orders.userId), eq(users.role, "customer"));

const rowColumns = {
  ...membershipColumns,
  customerId: memberships.customerId,
  purchaseUserId: orders.userId,
  purchaseGuestId: orders.guestId,
  accountId: users.id,
  accountFirstName: users.firstName,
  accountLastName: users.lastName,
  name: sql<
    string | null
  >`coalesce(${users.name}, ${orders.firstName} || ' ' || ${orders.lastName})`,
  email: sql<string | null>`coalesce(${users.email}, ${orders.email})`,
};

function selectRows(db: Database) {
  return db
    .select(rowColumns)
    .from(memberships)
    .leftJoin(products, withPlanNames)
    .leftJoin(orders, purchaseOrder)
    .leftJoin(users, holderAccount)
    .$dynamic();
}

/** The customer page of the holder: their account's, or their guest's while the purchase is one. */
function holderCustomerId(row: SelectedRow): string | null {
  if (row.accountId) return row.accountId;
  if (row.purchaseUserId === null && row.purchaseGuestId) {
    return guestCustomerId(row.purchaseGuestId);
  }
  return null;
}

function asRow(row: SelectedRow): HeldMembership {
  return {
    ...membershipView(row),
    holder: {
      customerId: holderCustomerId(row),
      hasAccount: row.accountId !== null,
      name: row.name ?? "",
      email: row.email ?? row.customerId,
    },
  };
}

/** A part of the holder's e-mail (the account's or the purchase's), in any case. */
function matchesSearch(text: string): SQL | undefined {
  const pattern = `%${escapeLikePattern(text)}%`;
  return or(ilike(users.email, pattern), ilike(orders.email, pattern));
}

async function countByStatus(
  db: Database,
  where: SQL | undefined,
): Promise<Record<MembershipStatus, number>> {
  const rows = await db
    .select({ status: memberships.status, count: count() })
    .from(memberships)
    .leftJoin(products, withPlanNames)
    .leftJoin(orders, purchaseOrder)
    .leftJoin(users, holderAccount)
    .where(where)
    .groupBy(memberships.status);
  return countsByStatus(membershipStatuses, rows);
}

/** The memberships page `query` asks for, newest first, with the count of each status. */
export async function findMemberships(
  db: Database,
  query: MembershipsQuery,
): Promise<MembershipsPage> {
  const searched = query.q ? matchesSearch(query.q) : undefined;
  const where = and(searched, query.status ? eq(memberships.status, query.status) : undefined);
  const [statusCounts, rows] = await Promise.all([
    countByStatus(db, searched),
    selectRows(db)
      .where(where)
      .orderBy(desc(memberships.createdAt), desc(memberships.subscriptionItemId))
      .limit(listPageSize)
      .offset(listOffset(query)),
  ]);
  const total = query.status
    ? statusCounts[query.status]
    : Object.values(statusCounts).reduce((sum, each) => sum + each, 0);
  return {
    memberships: rows.map(asRow),
    total,
    page: query.page,
    pageCount: listPageCount(total),
    statusCounts,
  };
}

type SelectedRow = NonNullable<Awaited<ReturnType<typeof selectMembership>>>;

async function selectMembership(db: Database, subscriptionItemId: string) {
  const [row] = await selectRows(db).where(eq(memberships.subscriptionItemId, subscriptionItemId));
  return row ?? null;
}

/** The memberships `subscriptionItemIds` name, with their holders. */
export async function heldMemberships(
  db: Database,
  subscriptionItemIds: string[],
): Promise<HeldMembership[]> {
  if (subscriptionItemIds.length === 0) return [];
  const rows = await selectRows(db).where(
    inArray(memberships.subscriptionItemId, subscriptionItemIds),
  );
  return rows.map(asRow);
}

/** One membership with its holder, or null when there is none. */
export async function membershipForStaff(
  db: Database,
  subscriptionItemId: string,
): Promise<HeldMembership | null> {
  const row = await selectMembership(db, subscriptionItemId);
  return row ? asRow(row) : null;
}

/** The account holder the cancellation e-mail goes to; a guest's goes to the purchase's e-mail. */
function accountRecipient(row: SelectedRow): MailRecipient | undefined {
  if (!row.accountId || !row.email) return undefined;
  return {
    email: row.email,
    firstName: row.accountFirstName ?? "",
    lastName: row.accountLastName ?? "",
  };
}

export const alreadyCancelled = "This membership is already cancelled";

export type CancellationOutcome =
  | { ok: true; membership: HeldMembership }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; message: string };

/**
 * Cancels a membership on its holder's behalf as the account's own 'Cancel membership' does
 * (the provider stops billing, then the shop's record and the holder's e-mail), with the audit
 * row in the same transaction. A membership already cancelled is refused.
 */
export async function cancelOnBehalf(
  services: AccountServices,
  actor: AuditActor,
  subscriptionItemId: string,
): Promise<CancellationOutcome> {
  const row = await selectMembership(services.db, subscriptionItemId);
  if (!row) return { ok: false, reason: "not-found" };
  const membership = asRow(row);
  if (!isCancellable(membership.status)) {
    return { ok: false, reason: "refused", message: alreadyCancelled };
  }
  try {
    await cancelMembership(services, {
      customerId: row.customerId,
      subscriptionItemId,
      recipient: accountRecipient(row),
      cancelledBy: actor,
    });
  } catch (error) {
    if (error instanceof MembershipNotFoundError || error instanceof NotFoundAtProviderError) {
      return { ok: false, reason: "refused", message: alreadyCancelled };
    }
    services.log.error({ err: error, subscriptionItemId }, "membership could not be cancelled");
    return {
      ok: false,
      reason: "refused",
      message: "The payment provider could not cancel this membership. Please try again.",
    };
  }
  return { ok: true, membership };
}

/** Monthly recurring revenue (what active memberships bill a month) and why members cancel. */
export async function membershipFigures(db: Database) {
  const [mrr] = await db
    .select({
      cents: sql<number>`cast(coalesce(sum(${memberships.unitPriceCents} * ${memberships.quantity}), 0) as integer)`,
    })
    .from(memberships)
    .where(and(eq(memberships.status, "active"), isNull(memberships.cancelAt)));
  const reasons = await db
    .select({ reason: memberships.cancelReason, count: count() })
    .from(memberships)
    .where(isNotNull(memberships.cancelAt))
    .groupBy(memberships.cancelReason);
  return {
    mrrCents: mrr?.cents ?? 0,
    reasons: reasons
      .map((row) => ({
        label: isCancelReason(row.reason) ? cancelReasons[row.reason] : "No reason given",
        count: row.count,
      }))
      .sort((a, b) => b.count - a.count),
  };
}

/** One membership's page: who holds it, the consent at sign-up, the cancellation, the timeline. */
export async function membershipRecordForStaff(db: Database, subscriptionItemId: string) {
  const membership = await membershipForStaff(db, subscriptionItemId);
  if (!membership) return null;
  const [[details], events] = await Promise.all([
    db
      .select({
        consentTermsVersion: memberships.consentTermsVersion,
        consentAt: memberships.consentAt,
        consentEmail: memberships.consentEmail,
        cancelAt: memberships.cancelAt,
        cancelReason: memberships.cancelReason,
      })
      .from(memberships)
      .where(eq(memberships.subscriptionItemId, subscriptionItemId)),
    membershipTimeline(db, subscriptionItemId),
  ]);
  return {
    membership,
    consent:
      details?.consentTermsVersion && details.consentAt
        ? {
            termsVersion: details.consentTermsVersion,
            at: details.consentAt,
            email: details.consentEmail,
          }
        : null,
    cancelAt: details?.cancelAt ?? null,
    cancelReason: isCancelReason(details?.cancelReason)
      ? cancelReasons[details.cancelReason]
      : null,
    timeline: events.map((event) => ({
      id: event.id,
      at: event.createdAt,
      summary: event.summary,
      actor: event.actor,
    })),
  };
}
