import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { selectJsonRows } from "../db/json-rows.server";
import { requestCounters } from "../db/schema.server";
import { writeBatches } from "../db/write-batches.server";

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

interface CounterHit {
  key: string;
  windowStart: Date;
}

const counterId = (hit: CounterHit) => `${hit.windowStart.getTime()} ${hit.key}`;

/**
 * Adds the hits of one batch to their counters in one statement, one row per counter, and gives
 * each hit the count it would have seen alone: the hits on one counter are numbered in the order
 * they came.
 */
const countHits = writeBatches(async (db: Database, hits: CounterHit[]): Promise<number[]> => {
  const counters = new Map<string, CounterHit & { count: number }>();
  const places = hits.map((hit) => {
    const counter = counters.get(counterId(hit)) ?? { ...hit, count: 0 };
    counter.count++;
    counters.set(counterId(hit), counter);
    return { counter, place: counter.count };
  });
  const rows = await db
    .insert(requestCounters)
    .select(selectJsonRows(requestCounters, [...counters.values()]))
    .onConflictDoUpdate({
      target: [requestCounters.key, requestCounters.windowStart],
      set: { count: sql`${requestCounters.count} + excluded.count` },
    })
    .returning();
  const totals = new Map(rows.map((row) => [counterId(row), row.count]));
  // The batch's hits on a counter are its last `count`; each hit sees the total up to itself.
  return places.map(
    ({ counter, place }) =>
      (totals.get(counterId(counter)) ?? Number.POSITIVE_INFINITY) - counter.count + place,
  );
});

/**
 * Counts one request against `key` in a fixed window. The counter lives in the database, so
 * every server instance shares it; the counts of concurrent requests are written together.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const count = await countHits(db, { key, windowStart });
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: count <= limit, remaining: Math.max(limit - count, 0), retryAfterSeconds };
}

/** Deletes counters of windows that ended long ago; called now and then, never needed for correctness. */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(requestCounters).where(sql`${requestCounters.windowStart} < ${olderThan}`);
}
