import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { requestCounters } from "../db/schema.server";

export interface RateLimit {
  /** Most requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

const countRequest = preparedPerDatabase((db) =>
  db
    .insert(requestCounters)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: 1 })
    .onConflictDoUpdate({
      target: [requestCounters.key, requestCounters.windowStart],
      set: { count: sql`${requestCounters.count} + 1` },
    })
    .returning({ count: requestCounters.count })
    .prepare("count_request"),
);

/**
 * Counts one request against `key` in a fixed window. The counter lives in the database, so
 * every server instance shares it; one atomic upsert per request keeps concurrent counts exact.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [counter] = await countRequest(db).execute({ key, windowStart });
  const count = counter?.count ?? Number.POSITIVE_INFINITY;
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: count <= limit, remaining: Math.max(limit - count, 0), retryAfterSeconds };
}

/** Deletes counters of windows that ended long ago; called now and then, never needed for correctness. */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(requestCounters).where(sql`${requestCounters.windowStart} < ${olderThan}`);
}

/** The value of the `Retry-After` header every 429 answer carries: whole seconds, at least one. */
export function retryAfter(retryAfterSeconds: number): string {
  return String(Math.max(1, Math.ceil(retryAfterSeconds)));
}
