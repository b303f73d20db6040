/**
 * The back office's customers: the shop's accounts (guests are found by their orders in the
 * orders inbox), what each has bought and the memberships they hold.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { CustomerOrder, CustomerSummary, ShippedTo } from "~/core/admin/customers";
import type { CustomersQuery, CustomersSort } from "~/core/admin/customers-query";
import { listOffset, listPageCount, listPageSize, type PageInList } from "~/core/admin/list-query";
import { type MembershipView, planName } from "~/core/admin/memberships";
import type { Database } from "../db/client.server";
import { checkoutSessions, memberships, orders, users } from "../db/schema.server";
import { escapeLikePattern } from "./orders-inbox.server";

export interface CustomersPage extends PageInList {
  customers: CustomerSummary[];
}

const isCustomer = eq(users.role, "customer");

/**
 * Builds the correlated subqueries below. As subqueries, their columns stay qualified by their
 * tables: in the select list of a one-table query, Drizzle names a column without its table, and
 * `"user_id" = "id"` would compare an order's user with the order's own id.
 */
const subquery = new QueryBuilder();

/**
 * Whether the membership of the outer query belongs to the account of the outer query's user:
 * billed to the account's own customer at the payment provider, or to the customer of one of
 * its purchases, as the account's memberships tab finds them (`paymentCustomersOf`).
 */
const membershipOfAccount = or(
  eq(memberships.customerId, users.paymentCustomerId),
  inArray(
    memberships.customerId,
    subquery
      .select({ customerId: sql<string>`${checkoutSessions.completion} ->> 'customerId'` })
      .from(orders)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
      .where(and(eq(orders.userId, users.id), eq(orders.kind, "purchase"))),
  ),
);

const ofTheAccount = eq(orders.userId, users.id);

const orderCount = sql<number>`${subquery.select({ orders: count() }).from(orders).where(ofTheAccount)}`;

const lifetimeSpendCents = sql<number>`${subquery
  .select({ cents: sql`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)` })
  .from(orders)
  .where(ofTheAccount)}`;

const activeMemberships = sql<number>`${subquery
  .select({ memberships: count() })
  .from(memberships)
  .where(and(eq(memberships.status, "active"), membershipOfAccount))}`;

/** What a row of the list, and the head of a customer's page, show. */
const customerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  joinedAt: users.createdAt,
  orderCount: orderCount.mapWith(Number),
  lifetimeSpendCents: lifetimeSpendCents.mapWith(Number),
  activeMemberships: activeMemberships.mapWith(Number),
};

/** Each sort ends on the id, so that equal dates, names or sums keep one order. */
const sortCustomers: Record<CustomersSort, SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(sql`lower(${users.name})`), asc(users.id)],
  spend: [desc(lifetimeSpendCents), desc(users.createdAt), desc(users.id)],
};

/** A part of the e-mail or of the name, in any case. */
function matchesSearch(text: string): SQL | undefined {
  const pattern = `%${escapeLikePattern(text)}%`;
  return or(ilike(users.email, pattern), ilike(users.name, pattern));
}

/** The customers page `query` asks for; a page past the end is empty but still counts them. */
export async function findCustomers(db: Database, query: CustomersQuery): Promise<CustomersPage> {
  const where = and(isCustomer, query.q ? matchesSearch(query.q) : undefined);
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(users).where(where),
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(...sortCustomers[query.sort])
      .limit(listPageSize)
      .offset(listOffset(query)),
  ]);
  const total = counted[0]?.total ?? 0;
  return { customers: rows, total, page: query.page, pageCount: listPageCount(total) };
}

export interface CustomerForStaff {
  customer: CustomerSummary;
  /** Where the newest order that was shipped went, if any was. */
  lastAddress: ShippedTo | null;
  orders: CustomerOrder[];
  memberships: MembershipView[];
}

async function customerById(db: Database, customerId: string): Promise<CustomerSummary | null> {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(isCustomer, eq(users.id, customerId)));
  return row ?? null;
}

function ordersOf(db: Database, customerId: string) {
  return db
    .select({
      id: orders.id,
      kind: orders.kind,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(eq(orders.userId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Where the customer's newest shipped order went: the address the shop last knew. */
async function lastAddressOf(db: Database, customerId: string): Promise<ShippedTo | null> {
  const [row] = await db
    .select({ shipTo: orders.shipTo, address: orders.address })
    .from(orders)
    .where(and(eq(orders.userId, customerId), isNotNull(orders.address)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.address ? { shipTo: row.shipTo, address: row.address } : null;
}

/** What the back office shows of a membership, the plan's name aside. */
export const membershipColumns = {
  subscriptionItemId: memberships.subscriptionItemId,
  itemId: memberships.itemId,
  quantity: memberships.quantity,
  unitPriceCents: memberships.unitPriceCents,
  status: memberships.status,
  nextInvoiceAt: memberships.nextInvoiceAt,
  canceledAt: memberships.canceledAt,
};

/** A membership selected with `membershipColumns` (and maybe more), named by its plan. */
export function membershipView(
  row: Omit<MembershipView, "plan"> & { itemId: string },
): MembershipView {
  return {
    subscriptionItemId: row.subscriptionItemId,
    plan: planName(row.itemId),
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    status: row.status,
    nextInvoiceAt: row.nextInvoiceAt,
    canceledAt: row.canceledAt,
  };
}

/** The account's memberships, billed or ended: those still billed first, newest first. */
async function membershipsOf(db: Database, customerId: string): Promise<MembershipView[]> {
  const rows = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(users, membershipOfAccount)
    .where(eq(users.id, customerId))
    .orderBy(
      asc(sql`${memberships.status} = 'canceled'`),
      desc(memberships.createdAt),
      asc(memberships.subscriptionItemId),
    );
  return rows.map(membershipView);
}

/** The customer `customerId` with their orders and memberships, or null when there is none. */
export async function customerForStaff(
  db: Database,
  customerId: string,
): Promise<CustomerForStaff | null> {
  const customer = await customerById(db, customerId);
  if (!customer) return null;
  const [lastAddress, orderRows, membershipRows] = await Promise.all([
    lastAddressOf(db, customerId),
    ordersOf(db, customerId),
    membershipsOf(db, customerId),
  ]);
  return { customer, lastAddress, orders: orderRows, memberships: membershipRows };
}
