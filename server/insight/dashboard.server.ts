/**
 * The back office's home and its reports, put together from the figures of ./sales, ./memberships
 * and ./funnel for a period and the one before it.
 */
import { asc } from "drizzle-orm";
import { shopDate } from "~core/dates";
import {
  type DayRange,
  dailySales,
  type FunnelCounts,
  funnelRows,
  type InsightPeriod,
  salesFigures,
  sourceRows,
  sumOf,
} from "~core/insight";
import type { Database } from "../db/client.server";
import { influencers } from "../db/schema.server";
import { stockOverview } from "../stock/lots.server";
import { funnelCounts, visitsBy } from "./funnel.server";
import { membershipFigures } from "./memberships.server";
import {
  customerCounts,
  type GroupSales,
  ordersAwaitingFulfilment,
  ordersBehind,
  type SalesGrouping,
  salesBy,
  salesByDay,
  topItems,
} from "./sales.server";

/** Everything a period's figures are made of, for the period or the one before it. */
async function periodFigures(db: Database, range: DayRange, timeZone: string) {
  const [days, customers, memberships, funnel] = await Promise.all([
    salesByDay(db, range, timeZone),
    customerCounts(db, range, timeZone),
    membershipFigures(db, range, timeZone),
    funnelCounts(db, range, timeZone),
  ]);
  return { sales: salesFigures(sumOf(days)), days, customers, memberships, funnel };
}

function groupRows(rows: GroupSales[]) {
  return rows.map(({ key, ...sums }) => ({ key, ...salesFigures(sums) }));
}

/** The bottles at or below their low-stock threshold now. */
async function lowStock(db: Database, timeZone: string, now: Date) {
  const bottles = await stockOverview(db, { today: shopDate(now, timeZone), now });
  return bottles
    .filter((bottle) => bottle.sellable <= bottle.lowStockThreshold)
    .map(({ bottleId, name, sellable, lowStockThreshold }) => ({
      bottleId,
      name,
      sellable,
      lowStockThreshold,
    }));
}

/** The influencers' names by slug. */
async function influencerNames(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ slug: influencers.slug, first: influencers.firstName, last: influencers.lastName })
    .from(influencers)
    .orderBy(asc(influencers.id));
  return new Map(rows.map((row) => [row.slug, `${row.first} ${row.last}`.trim()]));
}

function funnelView(current: FunnelCounts, previous: FunnelCounts) {
  return { rows: funnelRows(current), counts: current, previous };
}

/** The home's figures for `period`, against the period before it, and what needs doing now. */
export async function insightHome(
  db: Database,
  period: InsightPeriod,
  timeZone: string,
  now = new Date(),
) {
  // Asked all at once: PostgreSQL answers them on connections of their own; PGlite in turn.
  const [current, previous, names, items, byPromotion, byInfluencer, byAffiliate, awaiting, low] =
    await Promise.all([
      periodFigures(db, period.current, timeZone),
      periodFigures(db, period.previous, timeZone),
      influencerNames(db),
      topItems(db, period.current, timeZone),
      salesBy(db, "promotion", period.current, timeZone),
      salesBy(db, "influencer", period.current, timeZone),
      salesBy(db, "affiliate", period.current, timeZone),
      ordersAwaitingFulfilment(db),
      lowStock(db, timeZone, now),
    ]);
  return {
    sales: { current: current.sales, previous: previous.sales },
    daily: dailySales(period.current, current.days),
    customers: { current: current.customers, previous: previous.customers },
    memberships: { current: current.memberships, previous: previous.memberships },
    funnel: funnelView(current.funnel, previous.funnel),
    topItems: items,
    byPromotion: groupRows(byPromotion),
    byInfluencer: groupRows(byInfluencer).map((row) => ({
      ...row,
      name: names.get(row.key) ?? row.key,
    })),
    byAffiliate: groupRows(byAffiliate),
    awaitingFulfilment: awaiting,
    lowStock: low,
  };
}

export type InsightHome = Awaited<ReturnType<typeof insightHome>>;

/** The report's sources: referral ids and influencers, each with its visits and sales. */
export async function sourcesReport(db: Database, range: DayRange, timeZone: string) {
  const [names, affiliateSales, affiliateVisits, influencerSales, influencerVisits] =
    await Promise.all([
      influencerNames(db),
      salesBy(db, "affiliate", range, timeZone),
      visitsBy(db, "affiliate", range, timeZone),
      salesBy(db, "influencer", range, timeZone),
      visitsBy(db, "influencer", range, timeZone),
    ]);
  return {
    affiliates: sourceRows(affiliateSales, affiliateVisits),
    influencers: sourceRows(influencerSales, influencerVisits)
      .filter((row) => names.has(row.key))
      .map((row) => ({ ...row, name: names.get(row.key) ?? row.key })),
  };
}

/** The orders behind one referral id's or influencer's figures. */
export async function sourceOrders(
  db: Database,
  source: { grouping: Extract<SalesGrouping, "affiliate" | "influencer">; key: string },
  range: DayRange,
  timeZone: string,
) {
  const rows = await ordersBehind(db, source.grouping, source.key, range, timeZone);
  return rows.map(({ grossCents, discountCents, refundedCents, ...order }) => ({
    ...order,
    netCents: grossCents - discountCents - refundedCents,
  }));
}
