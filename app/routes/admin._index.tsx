import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { InsightHomePage } from "~/components/admin/InsightHomePage";
import { shopDate } from "~core/dates";
import { conversionRate, parseRange } from "~core/insight";
import { shop } from "~server/http/context.server";
import { insightHome } from "~server/insight/dashboard.server";
import { homeTables } from "~server/insight/tables.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin._index";

/**
 * The back office's home: what needs doing now, then the figures of the period chosen against
 * the one before it. Custom days the form cannot use are answered 400 with the default period.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const timeZone = await readShopTimeZone(db, config);
  const now = new Date();
  const parsed = parseRange(new URL(request.url).searchParams, shopDate(now, timeZone));
  const home = await insightHome(db, parsed.period, timeZone, now);
  return data(
    {
      period: parsed.period,
      refused: parsed.ok ? null : { message: parsed.message, typed: parsed.typed },
      sales: home.sales,
      customers: home.customers,
      memberships: home.memberships,
      conversion: {
        current: conversionRate(home.funnel.counts),
        previous: conversionRate(home.funnel.previous),
      },
      awaitingFulfilment: home.awaitingFulfilment,
      lowStock: home.lowStock,
      charts: { daily: home.daily, funnel: home.funnel.rows, items: home.topItems },
      tables: homeTables(home),
    },
    { status: parsed.ok ? 200 : 400, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function BackOfficeHome({ loaderData }: Route.ComponentProps) {
  return <InsightHomePage {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError title="Home" message="The figures could not be loaded. Please try again." />
  );
}
