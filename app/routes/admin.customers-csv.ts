import { csvFileName } from "~core/csv";
import { customersCsv } from "~server/admin/customers-export.server";
import { exportResponse } from "~server/admin/export.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.customers-csv";

/** Every customer account as a CSV file. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const fileName = csvFileName("customers", new Date());
  const entry = { list: "customers", fileName, filters: {} } as const;
  return exportResponse(db, currentStaff(context), entry, customersCsv(db));
}
