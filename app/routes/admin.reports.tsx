import { data } from "react-router";
import { z } from "zod";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { SourcesReport } from "~/components/admin/SourcesReport";
import { shopDate } from "~core/dates";
import { parseRange } from "~core/insight";
import { shop } from "~server/http/context.server";
import { sourceOrders, sourcesReport } from "~server/insight/dashboard.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.reports";

/** The source whose orders are listed: `?affiliate=ID` or `?influencer=slug`. */
const sourceSchema = z.string().trim().min(1).max(200);

function chosenSource(params: URLSearchParams) {
  for (const grouping of ["affiliate", "influencer"] as const) {
    const key = sourceSchema.safeParse(params.get(grouping));
    if (key.success) return { grouping, key: key.data };
  }
  return null;
}

/**
 * Referral ids and influencers over the period chosen: visits, orders, net sales and average
 * order; with one of them chosen, the orders behind its figures.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const timeZone = await readShopTimeZone(db, config);
  const params = new URL(request.url).searchParams;
  const parsed = parseRange(params, shopDate(new Date(), timeZone));
  const range = parsed.period.current;
  const source = chosenSource(params);
  return data(
    {
      period: parsed.period,
      refused: parsed.ok ? null : { message: parsed.message, typed: parsed.typed },
      report: await sourcesReport(db, range, timeZone),
      source: source && {
        ...source,
        orders: await sourceOrders(db, source, range, timeZone),
      },
    },
    { status: parsed.ok ? 200 : 400, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  return <SourcesReport {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError title="Reports" message="The report could not be loaded. Please try again." />
  );
}
