/**
 * Membership figures of a period (docs/decisions/0078): those active at an instant, what they
 * bring each month, and those cancelled among the ones active at the period's start. Quantities
 * count: one subscription item of two memberships is two.
 */
import { and, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { churnRate, type DayRange } from "~core/insight";
import type { Database } from "../db/client.server";
import { memberships } from "../db/schema.server";
import { instantsOf } from "./sales.server";

/**
 * A membership's monthly price: the price it is billed at, as its row records it. The one place
 * the figures read a membership's price.
 */
export function monthlyPriceCents(): SQL<number> {
  return sql<number>`${memberships.unitPriceCents}`;
}

/** Memberships started before `at` and not cancelled by then. */
function activeAt(at: Date): SQL {
  return and(
    lt(memberships.createdAt, at),
    or(isNull(memberships.canceledAt), gte(memberships.canceledAt, at)),
  ) as SQL;
}

export interface MembershipFigures {
  /** Active at the period's end. */
  active: number;
  /** Monthly recurring revenue of those, in cents. */
  mrrCents: number;
  activeAtStart: number;
  /** Of those active at the start, cancelled during the period. */
  cancelled: number;
  /** `cancelled ÷ activeAtStart`; null when none were active at the start. */
  churn: number | null;
}

export async function membershipFigures(
  db: Database,
  range: DayRange,
  timeZone: string,
): Promise<MembershipFigures> {
  const { start, end } = instantsOf(range, timeZone);
  const quantityWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(${memberships.quantity}) filter (where ${condition}), 0)::int`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      active: quantityWhere(activeAt(end)),
      mrrCents:
        sql<number>`coalesce(sum(${memberships.quantity} * ${monthlyPriceCents()}) filter (where ${activeAt(end)}), 0)::float8`.mapWith(
          Number,
        ),
      activeAtStart: quantityWhere(activeAt(start)),
      cancelled: quantityWhere(
        and(
          activeAt(start),
          gte(memberships.canceledAt, start),
          lt(memberships.canceledAt, end),
        ) as SQL,
      ),
    })
    .from(memberships);
  const figures = row ?? { active: 0, mrrCents: 0, activeAtStart: 0, cancelled: 0 };
  return { ...figures, churn: churnRate(figures.cancelled, figures.activeAtStart) };
}
