import { ordersQueryToSearch, parseOrdersQuery } from "~/core/admin/orders-query";
import { csvFileName } from "~/core/csv";
import { exportResponse } from "~server/admin/export.server";
import { ordersCsv } from "~server/admin/orders-export.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.orders-csv";

/** Every order the inbox's filters, search and sort match, on all its pages, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const { query } = parseOrdersQuery(new URL(request.url).searchParams);
  const filters = new URLSearchParams(ordersQueryToSearch(query, { page: 1 }));
  const entry = {
    list: "orders",
    fileName: csvFileName("orders", new Date()),
    filters: Object.fromEntries(filters),
  } as const;
  return exportResponse(db, currentStaff(context), entry, ordersCsv(db, query));
}
