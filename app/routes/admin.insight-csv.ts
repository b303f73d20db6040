import { csvByteOrderMark, csvFileName, csvRow } from "~core/csv";
import { shopDate } from "~core/dates";
import { isInsightTableKey, parseRange } from "~core/insight";
import { shop } from "~server/http/context.server";
import { insightHome } from "~server/insight/dashboard.server";
import { csvCells, homeTables } from "~server/insight/tables.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.insight-csv";

const refusal = (message: string) =>
  new Response(`${message}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/** One of the home's tables (`?table=sales`) for the period its range names, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const params = new URL(request.url).searchParams;
  const key = params.get("table") ?? "";
  if (!isInsightTableKey(key)) return refusal("Unknown table");
  const timeZone = await readShopTimeZone(db, config);
  const now = new Date();
  const parsed = parseRange(params, shopDate(now, timeZone));
  if (!parsed.ok) return refusal(parsed.message);
  const table = homeTables(await insightHome(db, parsed.period, timeZone, now))[key];
  const { from, to } = parsed.period.current;
  const body =
    csvByteOrderMark +
    csvRow(table.columns.map((column) => column.label)) +
    csvCells(table).map(csvRow).join("");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(`${key}-${from}-to-${to}`, now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
