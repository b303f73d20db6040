/**
 * The back office's customers: every e-mail that paid or registered (decision 23). An account
 * with the role `customer`, or a guest: the guest of an e-mail that paid without an account, for
 * as long as some of its orders are in no account. When an account proves it owns the e-mail,
 * those orders join it (`joinPurchasesOfEmail`) and the guest is no longer listed: one row per
 * person. Also what each has bought and the memberships they hold.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import {
  type CustomerKind,
  type CustomerSummary,
  guestIdPrefix,
  parseCustomerId,
} from "~core/admin/customers";
import type { CustomersQuery, CustomersSort } from "~core/admin/customers-query";
import { listOffset, listPageCount, listPageSize, type PageInList } from "~core/admin/list-query";
import type { MembershipView } from "~core/admin/memberships";
import type { OrderKind } from "~core/admin/orders-query";
import { isItemId, specCatalog } from "~core/catalog";
import type { OrderStatuses } from "~core/order-status";
import type { Database } from "../db/client.server";
import {
  checkoutSessions,
  guests,
  memberships,
  orders,
  type PostalAddress,
  products,
  users,
} from "../db/schema.server";
import { type KeysetRow, keyset } from "./keyset.server";
import { escapeLikePattern } from "./orders-inbox.server";

export interface CustomersPage extends PageInList {
  customers: CustomerSummary[];
}

/**
 * Builds the subqueries below. As subqueries, their columns stay qualified by their tables: in
 * the select list of a one-table query, Drizzle names a column without its table, and
 * `"user_id" = "id"` would compare an order's user with the order's own id.
 */
const subquery = new QueryBuilder();

/** The orders of a guest that are in no account: they make the guest a customer. */
function guestOrders(guestId: SQLWrapper | string): SQL | undefined {
  return and(eq(orders.guestId, guestId), isNull(orders.userId));
}

/** The name of the customers list's subquery, and of the columns its figures refer to. */
const listed = {
  alias: "customer",
  accountId: "account_id",
  guestId: "guest_id",
  paymentCustomerId: "payment_customer_id",
} as const;

const accounts = subquery
  .select({
    id: sql<string>`${users.id}`.as("id"),
    kind: sql<CustomerKind>`'account'`.as("kind"),
    accountId: sql<string | null>`${users.id}`.as(listed.accountId),
    guestId: sql<string | null>`null::text`.as(listed.guestId),
    paymentCustomerId: sql<string | null>`${users.paymentCustomerId}`.as(listed.paymentCustomerId),
    name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.name})`.as(
      "name",
    ),
    email: sql<string>`${users.email}`.as("email"),
    emailVerified: sql<boolean>`${users.emailVerified}`.as("email_verified"),
    joinedAt: sql<Date>`${users.createdAt}`.mapWith(users.createdAt).as("joined_at"),
  })
  .from(users)
  .where(eq(users.role, "customer"));

const guestCustomers = subquery
  .select({
    id: sql<string>`${guestIdPrefix} || ${guests.id}`.as("id"),
    kind: sql<CustomerKind>`'guest'`.as("kind"),
    accountId: sql<string | null>`null::text`.as(listed.accountId),
    guestId: sql<string | null>`${guests.id}`.as(listed.guestId),
    paymentCustomerId: sql<string | null>`null::text`.as(listed.paymentCustomerId),
    name: sql<string>`trim(${guests.firstName} || ' ' || ${guests.lastName})`.as("name"),
    email: sql<string>`${guests.email}`.as("email"),
    emailVerified: sql<boolean>`false`.as("email_verified"),
    joinedAt: sql<Date>`${guests.createdAt}`.mapWith(guests.createdAt).as("joined_at"),
  })
  .from(guests)
  .where(exists(subquery.select({ one: sql`1` }).from(orders).where(guestOrders(guests.id))));

/** Every customer, accounts and guests alike, as one table. */
const customers = accounts.unionAll(guestCustomers).as(listed.alias);

/**
 * A column of the customers' table, named with the table: inside a subquery of the orders, a
 * bare `guest_id` would be the order's own.
 */
function listedColumn(name: (typeof listed)["accountId" | "guestId" | "paymentCustomerId"]) {
  return sql`${sql.identifier(listed.alias)}.${sql.identifier(name)}`;
}

/** Who a customer is, for finding what is theirs: the account, or the guest. */
interface CustomerOwner {
  accountId: SQLWrapper | string | null;
  guestId: SQLWrapper | string | null;
  paymentCustomerId: SQLWrapper | string | null;
}

/** The customer of each row of the customers' table. */
const listedOwner: CustomerOwner = {
  accountId: listedColumn(listed.accountId),
  guestId: listedColumn(listed.guestId),
  paymentCustomerId: listedColumn(listed.paymentCustomerId),
};

/** A customer's orders: the account's, or those of the guest that are in no account. */
function ordersOf(owner: CustomerOwner): SQL | undefined {
  return or(
    owner.accountId === null ? undefined : eq(orders.userId, owner.accountId),
    owner.guestId === null ? undefined : guestOrders(owner.guestId),
  );
}

/**
 * A customer's memberships: billed to the account's own customer at the payment provider, or to
 * the customer of one of their purchases, as the account's memberships tab finds them
 * (`paymentCustomersOf`).
 */
function membershipsOf(owner: CustomerOwner): SQL | undefined {
  return or(
    owner.paymentCustomerId === null
      ? undefined
      : eq(memberships.customerId, owner.paymentCustomerId),
    inArray(
      memberships.customerId,
      subquery
        .select({ customerId: sql<string>`${checkoutSessions.completion} ->> 'customerId'` })
        .from(orders)
        .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
        .where(and(ordersOf(owner), eq(orders.kind, "purchase"))),
    ),
  );
}

const orderCount = sql<number>`${subquery
  .select({ orders: count() })
  .from(orders)
  .where(ordersOf(listedOwner))}`;

const lifetimeSpendCents = sql<number>`${subquery
  .select({ cents: sql`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)` })
  .from(orders)
  .where(ordersOf(listedOwner))}`;

const activeMemberships = sql<number>`${subquery
  .select({ memberships: count() })
  .from(memberships)
  .where(and(eq(memberships.status, "active"), membershipsOf(listedOwner)))}`;

/** What a row of the list, and the head of a customer's page, show. */
const customerColumns = {
  id: customers.id,
  kind: customers.kind,
  name: customers.name,
  email: customers.email,
  emailVerified: customers.emailVerified,
  joinedAt: customers.joinedAt,
  orderCount: orderCount.mapWith(Number),
  lifetimeSpendCents: lifetimeSpendCents.mapWith(Number),
  activeMemberships: activeMemberships.mapWith(Number),
};

/** Each sort ends on the id, so that equal dates, names or sums keep one order. */
const sortCustomers: Record<CustomersSort, SQL[]> = {
  newest: [desc(customers.joinedAt), desc(customers.id)],
  oldest: [asc(customers.joinedAt), asc(customers.id)],
  name: [asc(sql`lower(${customers.name})`), asc(customers.id)],
  spend: [desc(lifetimeSpendCents), desc(customers.joinedAt), desc(customers.id)],
};

/** A part of the e-mail or of the name, in any case. */
function matchesSearch(text: string): SQL | undefined {
  const pattern = `%${escapeLikePattern(text)}%`;
  return or(ilike(customers.email, pattern), ilike(customers.name, pattern));
}

/** The customers page `query` asks for; a page past the end is empty but still counts them. */
export async function findCustomers(db: Database, query: CustomersQuery): Promise<CustomersPage> {
  const where = query.q ? matchesSearch(query.q) : undefined;
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(customers).where(where),
    db
      .select(customerColumns)
      .from(customers)
      .where(where)
      .orderBy(...sortCustomers[query.sort])
      .limit(listPageSize)
      .offset(listOffset(query)),
  ]);
  const total = counted[0]?.total ?? 0;
  return { customers: rows, total, page: query.page, pageCount: listPageCount(total) };
}

const newestFirst = keyset(
  { column: { column: customers.joinedAt, type: "timestamp with time zone" }, descending: true },
  customers.id,
);

/**
 * Up to `limit` customers after `last`, newest first, with their figures: a batch of the
 * customers' CSV file.
 */
export function customersAfter(db: Database, last: KeysetRow | null, limit: number) {
  return db
    .select({ ...customerColumns, sortValue: newestFirst.sortValue })
    .from(customers)
    .where(newestFirst.after(last))
    .orderBy(...newestFirst.orderBy)
    .limit(limit);
}

/** One of the customer's orders, as their page lists it. */
export interface CustomerOrder extends OrderStatuses {
  id: string;
  kind: OrderKind;
  createdAt: Date;
  totalCents: number;
  refundedCents: number;
}

/** Where an order was shipped. */
export interface ShippedTo {
  shipTo: string | null;
  address: PostalAddress;
}

export interface CustomerForStaff {
  customer: CustomerSummary;
  /** Where the newest order that was shipped went, if any was. */
  lastAddress: ShippedTo | null;
  orders: CustomerOrder[];
  memberships: MembershipView[];
}

async function customerById(
  db: Database,
  customerId: string,
): Promise<{ summary: CustomerSummary; owner: CustomerOwner } | null> {
  const named = parseCustomerId(customerId);
  if (!named) return null;
  const [row] = await db
    .select({
      ...customerColumns,
      accountId: customers.accountId,
      guestId: customers.guestId,
      paymentCustomerId: customers.paymentCustomerId,
    })
    .from(customers)
    .where(
      named.kind === "account"
        ? eq(customers.accountId, named.id)
        : eq(customers.guestId, named.id),
    );
  if (!row) return null;
  const { accountId, guestId, paymentCustomerId, ...summary } = row;
  return { summary, owner: { accountId, guestId, paymentCustomerId } };
}

function ordersOfCustomer(db: Database, owner: CustomerOwner) {
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
    .where(ordersOf(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Where the customer's newest shipped order went: the address the shop last knew. */
async function lastAddressOf(db: Database, owner: CustomerOwner): Promise<ShippedTo | null> {
  const [row] = await db
    .select({ shipTo: orders.shipTo, address: orders.address })
    .from(orders)
    .where(and(ordersOf(owner), isNotNull(orders.address)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.address ? { shipTo: row.shipTo, address: row.address } : null;
}

/** What the back office shows of a membership; `planName` needs the join `withPlanNames`. */
export const membershipColumns = {
  subscriptionItemId: memberships.subscriptionItemId,
  itemId: memberships.itemId,
  planName: products.name,
  quantity: memberships.quantity,
  unitPriceCents: memberships.unitPriceCents,
  status: memberships.status,
  nextInvoiceAt: memberships.nextInvoiceAt,
  canceledAt: memberships.canceledAt,
};

/** Joins each membership's plan in the catalog, for its name. */
export const withPlanNames = eq(products.id, memberships.itemId);

/** A membership selected with `membershipColumns` (and maybe more), named by its plan. */
export function membershipView(
  row: Omit<MembershipView, "plan"> & { itemId: string; planName: string | null },
): MembershipView {
  return {
    subscriptionItemId: row.subscriptionItemId,
    plan: row.planName ?? (isItemId(row.itemId) ? specCatalog[row.itemId].name : row.itemId),
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    status: row.status,
    nextInvoiceAt: row.nextInvoiceAt,
    canceledAt: row.canceledAt,
  };
}

/** The customer's memberships, billed or ended: those still billed first, newest first. */
async function membershipsOfCustomer(
  db: Database,
  owner: CustomerOwner,
): Promise<MembershipView[]> {
  const rows = await db
    .select(membershipColumns)
    .from(memberships)
    .leftJoin(products, withPlanNames)
    .where(membershipsOf(owner))
    .orderBy(
      asc(eq(memberships.status, "canceled")),
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
  const found = await customerById(db, customerId);
  if (!found) return null;
  const { summary, owner } = found;
  const [lastAddress, orderRows, membershipRows] = await Promise.all([
    lastAddressOf(db, owner),
    ordersOfCustomer(db, owner),
    membershipsOfCustomer(db, owner),
  ]);
  return { customer: summary, lastAddress, orders: orderRows, memberships: membershipRows };
}
