/**
 * The customers' accounts as a CSV file, newest first: who they are, whether their e-mail is
 * verified, and what they have ordered. Read a batch of accounts at a time.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { type CsvValue, csvAmount } from "~/core/csv";
import type { Database } from "../db/client.server";
import { orders, users } from "../db/schema.server";
import { csvStream, exportBatchSize } from "./export.server";
import { type KeysetRow, keyset } from "./keyset.server";

export const customersCsvHeader = [
  "Name",
  "E-mail",
  "Verified",
  "Joined (UTC)",
  "Orders",
  "Lifetime spend",
] as const;

const newestFirst = keyset({ column: users.createdAt, descending: true }, users.id);

async function batchOfCustomers(db: Database, last: KeysetRow | null) {
  return db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      sortValue: newestFirst.sortValue,
    })
    .from(users)
    .where(and(eq(users.role, "customer"), newestFirst.after(last)))
    .orderBy(...newestFirst.orderBy)
    .limit(exportBatchSize);
}

type ExportedCustomer = Awaited<ReturnType<typeof batchOfCustomers>>[number];

interface OrderHistory {
  orders: number;
  /** What the orders cost, less what was refunded. */
  spentCents: number;
}

async function orderHistories(db: Database, userIds: string[]): Promise<Map<string, OrderHistory>> {
  const rows = await db
    .select({
      userId: orders.userId,
      orders: count(),
      spentCents: sql<number>`sum(${orders.totalCents} - ${orders.refundedCents})`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map(({ userId, ...history }) => [userId ?? "", history]));
}

function customerRow(customer: ExportedCustomer, history: OrderHistory | undefined): CsvValue[] {
  return [
    `${customer.firstName} ${customer.lastName}`.trim() || customer.name,
    customer.email,
    customer.emailVerified ? "Yes" : "No",
    customer.createdAt.toISOString(),
    history?.orders ?? 0,
    csvAmount(history?.spentCents ?? 0),
  ];
}

/** Every customer account (staff left out) as a CSV file read as it is sent. */
export function customersCsv(db: Database): ReadableStream<Uint8Array> {
  return csvStream({
    header: customersCsvHeader,
    read: (last: ExportedCustomer | null) => batchOfCustomers(db, last),
    rows: async (batch) => {
      const histories = await orderHistories(
        db,
        batch.map((customer) => customer.id),
      );
      return batch.map((customer) => customerRow(customer, histories.get(customer.id)));
    },
  });
}
