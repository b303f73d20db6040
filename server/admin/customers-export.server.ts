/**
 * The customers as a CSV file, newest first, accounts and guests alike: who they are, whether
 * their e-mail is verified, and what they have ordered. Read a batch of customers at a time.
 */
import { customerKindLabels } from "~core/admin/customers";
import { type CsvValue, csvAmount } from "~core/csv";
import type { Database } from "../db/client.server";
import { customersAfter } from "./customers.server";
import { csvStream, exportBatchSize } from "./export.server";

export const customersCsvHeader = [
  "Name",
  "E-mail",
  "Kind",
  "Verified",
  "Joined (UTC)",
  "Orders",
  "Lifetime spend",
] as const;

type ExportedCustomer = Awaited<ReturnType<typeof customersAfter>>[number];

function customerRow(customer: ExportedCustomer): CsvValue[] {
  return [
    customer.name,
    customer.email,
    customerKindLabels[customer.kind],
    customer.emailVerified ? "Yes" : "No",
    customer.joinedAt.toISOString(),
    customer.orderCount,
    csvAmount(customer.lifetimeSpendCents),
  ];
}

/** Every customer (staff left out) as a CSV file read as it is sent. */
export function customersCsv(db: Database): ReadableStream<Uint8Array> {
  return csvStream({
    header: customersCsvHeader,
    read: (last: ExportedCustomer | null) => customersAfter(db, last, exportBatchSize),
    rows: async (batch) => batch.map(customerRow),
  });
}
