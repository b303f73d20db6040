import { hasDayErrors } from "~core/admin/days";
import { ordersQueryToSearch, parseOrdersQuery } from "~core/admin/orders-query";
import { csvFileName } from "~core/csv";
import { exportResponse, refusedExport } from "~server/admin/export.server";
import { ordersCsv } from "~server/admin/orders-export.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.orders-csv";

/**
 * Every order the inbox's filters, search and sort match, on all its pages, as a CSV file. A day
 * the filters cannot use is refused before anything is read or recorded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const { query, dayErrors } = parseOrdersQuery(new URL(request.url).searchParams);
  if (hasDayErrors(dayErrors)) return refusedExport(dayErrors);
  const filters = new URLSearchParams(ordersQueryToSearch(query, { page: 1 }));
  const entry = {
    list: "orders",
    fileName: csvFileName("orders", new Date()),
    filters: Object.fromEntries(filters),
  } as const;
  return exportResponse(
    db,
    currentStaff(context),
    entry,
    ordersCsv(db, query, await readShopTimeZone(db, config)),
  );
}
