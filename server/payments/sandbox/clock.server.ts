/**
 * The sandbox's clock: the shop's billing time, which the owner may move ahead from the back
 * office so that a membership's months pass in minutes. It is the real time plus a number of
 * days kept in the database, so every instance and `npm run sandbox:renew` read the same time.
 * With Stripe there is no such clock: Stripe bills in real time.
 */
import { sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../../audit/audit.server";
import type { Database } from "../../db/client.server";
import { sandboxClock } from "../../db/schema.server";

const dayMs = 86_400_000;

/** The most the clock moves at once: a year and a bit, enough for a whole membership's life. */
export const maxAdvanceDays = 400;

export async function sandboxClockOffsetDays(db: Database): Promise<number> {
  const [row] = await db.select({ days: sandboxClock.offsetDays }).from(sandboxClock).limit(1);
  return row?.days ?? 0;
}

/** The shop's billing time: the real time moved ahead by the sandbox clock. */
export async function sandboxNow(db: Database, real = new Date()): Promise<Date> {
  return new Date(real.getTime() + (await sandboxClockOffsetDays(db)) * dayMs);
}

/** Moves the clock `days` ahead, with its audit row; answers the new offset. */
export async function advanceSandboxClock(
  db: Database,
  actor: AuditActor,
  days: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sandboxClock)
      .values({ id: 1, offsetDays: days })
      .onConflictDoUpdate({
        target: sandboxClock.id,
        set: { offsetDays: sql`${sandboxClock.offsetDays} + ${days}`, updatedAt: sql`now()` },
      })
      .returning({ days: sandboxClock.offsetDays });
    const after = row?.days ?? days;
    await recordAudit(tx, actor, {
      action: "sandbox.clock_advanced",
      subjectType: "sandbox-clock",
      subjectId: "sandbox",
      before: { offsetDays: after - days },
      after: { offsetDays: after },
    });
    return after;
  });
}
