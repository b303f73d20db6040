/**
 * The funnel and the visits of a period, from the shop's own events (docs/decisions/0078): a
 * session is one anonymous visitor id on one day of the shop's calendar, and each step counts
 * the sessions with its event. A period whose midnights fall on whole hours of UTC is read from
 * the visitors' hours the database rolls up (docs/decisions/0083); any other from the events.
 */
import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import {
  communityPathPrefix,
  type DayRange,
  type FunnelCounts,
  midnightsOnTheHour,
  productPagePaths,
} from "~core/insight";
import type { Database } from "../db/client.server";
import { analyticsEvents, insightSourceVisitHours, insightVisitHours } from "../db/schema.server";
import { dayOfHour, firstColumn, hoursOf, instantsOf } from "./sales.server";

function eventsOf(range: DayRange, timeZone: string): SQL {
  const { start, end } = instantsOf(range, timeZone);
  return and(
    gte(analyticsEvents.createdAt, start),
    lt(analyticsEvents.createdAt, end),
    isNotNull(analyticsEvents.visitorId),
  ) as SQL;
}

/** The shop's day of an event: with the visitor, it makes the session. */
function sessionDay(timeZone: string): SQL<string> {
  return sql<string>`(${analyticsEvents.createdAt} at time zone ${timeZone})::date`;
}

/** A session's key: its visitor and the shop's day of the event. */
function sessionKey(timeZone: string): SQL<string> {
  return sql<string>`${analyticsEvents.visitorId} || ' ' || ${sessionDay(timeZone)}`;
}

const productPageView = sql`${analyticsEvents.name} = 'page_view' and (${analyticsEvents.path} in (${sql.join(
  productPagePaths.map((path) => sql`${path}`),
  sql`, `,
)}) or ${analyticsEvents.path} like ${`${communityPathPrefix}%`})`;

/**
 * Each session of the range once, with whether it reached each step, then the sessions counted:
 * one grouping of the period's events rather than a distinct count per step.
 */
export async function funnelCounts(
  db: Database,
  range: DayRange,
  timeZone: string,
): Promise<FunnelCounts> {
  const reached = (condition: SQL) => sql<boolean>`bool_or(${condition})`;
  if (midnightsOnTheHour(range, timeZone)) {
    const hours = insightVisitHours;
    return countSessions(
      db,
      db
        .select({
          productViews: reached(sql`${hours.productViews}`).as("product_views"),
          addedToCart: reached(sql`${hours.addedToCart}`).as("added_to_cart"),
          checkoutStarted: reached(sql`${hours.checkoutStarted}`).as("checkout_started"),
          paid: reached(sql`${hours.paid}`).as("paid"),
        })
        .from(hours)
        .where(hoursOf(hours.hour, range, timeZone))
        .groupBy(hours.visitorId, dayOfHour(hours.hour, timeZone))
        .as("sessions"),
    );
  }
  const sessions = db
    .select({
      productViews: reached(productPageView).as("product_views"),
      addedToCart: reached(sql`${analyticsEvents.name} = 'add_to_cart'`).as("added_to_cart"),
      checkoutStarted: reached(sql`${analyticsEvents.name} = 'checkout_click'`).as(
        "checkout_started",
      ),
      paid: reached(sql`${analyticsEvents.name} = 'purchase'`).as("paid"),
    })
    .from(analyticsEvents)
    .where(eventsOf(range, timeZone))
    .groupBy(analyticsEvents.visitorId, sessionDay(timeZone))
    .as("sessions");
  return countSessions(db, sessions);
}

/** The sessions of a period, each once with the steps it reached, counted. */
async function countSessions(
  db: Database,
  sessions: SubqueryWithSelection<
    Record<"productViews" | "addedToCart" | "checkoutStarted" | "paid", SQL.Aliased<boolean>>,
    "sessions"
  >,
): Promise<FunnelCounts> {
  const counted = (flag: SQL.Aliased<boolean>) =>
    sql<number>`count(*) filter (where ${flag})::int`.mapWith(Number);
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`.mapWith(Number),
      productViews: counted(sessions.productViews),
      addedToCart: counted(sessions.addedToCart),
      checkoutStarted: counted(sessions.checkoutStarted),
      paid: counted(sessions.paid),
    })
    .from(sessions);
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
  if (midnightsOnTheHour(range, timeZone)) {
    const visits = insightSourceVisitHours;
    const sessionsOf = sql<number>`count(distinct ${visits.visitorId} || ' ' || ${dayOfHour(visits.hour, timeZone)})::int`;
    const rolledUp = await db
      .select({ key: visits.key, sessions: sessionsOf.mapWith(Number) })
      .from(visits)
      .where(and(eq(visits.source, grouping), hoursOf(visits.hour, range, timeZone)))
      .groupBy(visits.key);
    return new Map(rolledUp.map((row) => [row.key, row.sessions]));
  }
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
