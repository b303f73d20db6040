/**
 * The funnel and the visits of a period, from the shop's own events (docs/decisions/0078): a
 * session is one anonymous visitor id on one day of the shop's calendar, and each step counts
 * the sessions with its event.
 */
import { and, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import {
  communityPathPrefix,
  type DayRange,
  type FunnelCounts,
  productPagePaths,
} from "~core/insight";
import type { Database } from "../db/client.server";
import { analyticsEvents } from "../db/schema.server";
import { firstColumn, instantsOf } from "./sales.server";

function eventsOf(range: DayRange, timeZone: string): SQL {
  const { start, end } = instantsOf(range, timeZone);
  return and(
    gte(analyticsEvents.createdAt, start),
    lt(analyticsEvents.createdAt, end),
    isNotNull(analyticsEvents.visitorId),
  ) as SQL;
}

/** A session's key: its visitor and the shop's day of the event. */
function sessionKey(timeZone: string): SQL<string> {
  return sql<string>`${analyticsEvents.visitorId} || ' ' || to_char(${analyticsEvents.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

const productPageView = sql`${analyticsEvents.name} = 'page_view' and (${analyticsEvents.path} in (${sql.join(
  productPagePaths.map((path) => sql`${path}`),
  sql`, `,
)}) or ${analyticsEvents.path} like ${`${communityPathPrefix}%`})`;

export async function funnelCounts(
  db: Database,
  range: DayRange,
  timeZone: string,
): Promise<FunnelCounts> {
  const key = sessionKey(timeZone);
  const sessionsWith = (condition: SQL) =>
    sql<number>`count(distinct ${key}) filter (where ${condition})::int`.mapWith(Number);
  const [row] = await db
    .select({
      sessions: sql<number>`count(distinct ${key})::int`.mapWith(Number),
      productViews: sessionsWith(productPageView),
      addedToCart: sessionsWith(sql`${analyticsEvents.name} = 'add_to_cart'`),
      checkoutStarted: sessionsWith(sql`${analyticsEvents.name} = 'checkout_click'`),
      paid: sessionsWith(sql`${analyticsEvents.name} = 'purchase'`),
    })
    .from(analyticsEvents)
    .where(eventsOf(range, timeZone));
  return row ?? { sessions: 0, productViews: 0, addedToCart: 0, checkoutStarted: 0, paid: 0 };
}

/** What visits are counted for: a referral id, or an influencer's page by its slug. */
const visitGroupings = {
  affiliate: {
    key: sql<string>`${analyticsEvents.label}`,
    events: sql`${analyticsEvents.name} = 'affiliate_visit' and ${analyticsEvents.label} is not null`,
  },
  influencer: {
    key: sql<string>`substr(${analyticsEvents.path}, ${communityPathPrefix.length + 1})`,
    events: sql`${analyticsEvents.name} = 'page_view' and ${analyticsEvents.path} like ${`${communityPathPrefix}%`}`,
  },
} as const;

/** Sessions that came through each referral id, or saw each influencer's page. */
export async function visitsBy(
  db: Database,
  grouping: keyof typeof visitGroupings,
  range: DayRange,
  timeZone: string,
): Promise<Map<string, number>> {
  const { key, events } = visitGroupings[grouping];
  const rows = await db
    .select({
      key,
      sessions: sql<number>`count(distinct ${sessionKey(timeZone)})::int`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(and(eventsOf(range, timeZone), events))
    .groupBy(firstColumn);
  return new Map(rows.map((row) => [row.key, row.sessions]));
}
