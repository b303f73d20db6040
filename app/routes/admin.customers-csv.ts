import { csvFileName } from "~/core/csv";
import { customersCsv } from "~server/admin/customers-export.server";
import { csvResponse, recordExport } from "~server/admin/export.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.customers-csv";

/** Every customer account as a CSV file. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const fileName = csvFileName("customers", new Date());
  await recordExport(db, currentStaff(context), { list: "customers", fileName, filters: {} });
  return csvResponse(customersCsv(db), fileName);
}
