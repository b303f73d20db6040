/**
 * Leases that let one instance at a time run a background job, on PGlite and PostgreSQL alike:
 * a row per job names its holder until it expires, so a holder that dies frees it by itself.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { randomId } from "../ids.server";
import type { Database } from "./client.server";
import { jobLeases } from "./schema.server";

/**
 * Runs `work` while holding the lease `name`; answers `{ ran: false }` at once when another
 * holder has it. The lease outlives `seconds` only if the work does.
 */
export async function withLease<T>(
  db: Database,
  name: string,
  seconds: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const holder = randomId("lease_");
  const expiresAt = sql`now() + make_interval(secs => ${seconds})`;
  const taken = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt: sql`${expiresAt}` })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt: sql`${expiresAt}` },
      setWhere: lt(jobLeases.expiresAt, sql`now()`),
    })
    .returning({ holder: jobLeases.holder });
  if (taken[0]?.holder !== holder) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
  }
}
