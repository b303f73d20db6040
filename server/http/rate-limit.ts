import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { requestCounters } from "../db/schema";

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

/**
 * Counts one request against `key` in a fixed window. The counter lives in the database, so
 * every server instance shares it.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(requestCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [requestCounters.key, requestCounters.windowStart],
      set: { count: sql`${requestCounters.count} + 1` },
    })
    .returning({ count: requestCounters.count });
  const count = row?.count ?? limit + 1;
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: count <= limit, remaining: Math.max(limit - count, 0), retryAfterSeconds };
}

/** Deletes counters of windows that ended long ago; called now and then, never needed for correctness. */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(requestCounters).where(sql`${requestCounters.windowStart} < ${olderThan}`);
}
