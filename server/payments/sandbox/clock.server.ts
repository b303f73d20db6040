/**
 * The sandbox's clock: the shop's billing time, which the owner may move ahead from the back
 * office so that a membership's months pass in minutes. It is the real time plus a number of
 * days kept in the database, so every instance and `npm run sandbox:renew` read the same time.
 * With Stripe there is no such clock: Stripe bills in real time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
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

/**
 * Moves the clock `days` ahead of where the owner's form saw it (`fromDays`), with its audit row;
 * answers the new offset, or null when the clock moved meanwhile (a second press, a stale page).
 */
export async function advanceSandboxClock(
  db: Database,
  actor: AuditActor,
  change: { days: number; fromDays: number },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.insert(sandboxClock).values({ id: 1, offsetDays: 0 }).onConflictDoNothing();
    const [row] = await tx
      .update(sandboxClock)
      .set({ offsetDays: change.fromDays + change.days, updatedAt: sql`now()` })
      .where(and(eq(sandboxClock.id, 1), eq(sandboxClock.offsetDays, change.fromDays)))
      .returning({ days: sandboxClock.offsetDays });
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: "sandbox.clock_advanced",
      subjectType: "sandbox-clock",
      subjectId: "sandbox",
      before: { offsetDays: change.fromDays },
      after: { offsetDays: row.days },
    });
    return row.days;
  });
}

/**
 * The key `npm run sandbox:renew` shows the running shop to run the billing through it (beside a
 * shop on PGlite, whose database only the shop may open): derived from the shop's secret, which
 * the command reads from the same configuration and data folder.
 */
export function sandboxRunKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("sandbox-billing-run").digest("base64url");
}

export function isSandboxRunKey(authSecret: string, authorization: string | null): boolean {
  const given = Buffer.from(authorization?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(sandboxRunKey(authSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
