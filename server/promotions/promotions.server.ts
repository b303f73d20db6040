import { and, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Promotion } from "~core/pricing";
import type { PromotionLookup } from "~core/promo-notice";
import {
  eligibleItemsOf,
  isLimited,
  type PromotionUseCounts,
  type TermsRefusal,
  termsRefusal,
} from "~core/promotion-rules";
import { promoCodeSchema } from "~core/validation";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { promotions, promotionUses } from "../db/schema.server";
import { randomId } from "../ids.server";

export type PromotionRow = typeof promotions.$inferSelect;

/**
 * How long a reservation holds a use: the sandbox's session lifetime (30 minutes) and Stripe's
 * (31 minutes, its minimum and a margin), with room to spare, so that no session can be paid
 * after its reservation stopped counting.
 */
export const promotionHoldMs = 35 * 60_000;

/** A code as the shop compares codes: trimmed and upper-case; null when it cannot be one. */
function comparableCode(code: string): string | null {
  const parsed = promoCodeSchema.safeParse(code);
  return parsed.success ? parsed.data.toUpperCase() : null;
}

/** An e-mail as uses are counted by it: trimmed and lower-case. */
export function comparableEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toPromotion(row: PromotionRow): Promotion {
  return {
    code: row.code,
    couponId: row.couponId,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    freeShipping: row.percentOff === null && row.amountOffCents === null,
    eligibleItemIds: eligibleItemsOf(row.eligibleItemIds),
    minSubtotalCents: row.minSubtotalCents,
    perCustomerLimited: row.perCustomerLimit !== null,
  };
}

/** The uses that count, as of `now`: paid ones and reservations not yet past their hold. */
function countingUse(now: Date): SQL | undefined {
  return or(
    eq(promotionUses.status, "used"),
    and(eq(promotionUses.status, "reserved"), gt(promotionUses.expiresAt, now)),
  );
}

async function countUses(
  db: Database,
  promotionId: number,
  email: string | null,
  now: Date,
): Promise<PromotionUseCounts> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`(count(*) filter (where ${promotionUses.email} = ${email ?? ""}))::int`,
    })
    .from(promotionUses)
    .where(and(eq(promotionUses.promotionId, promotionId), countingUse(now)));
  return {
    total: counts?.total ?? 0,
    byCustomer: email === null ? null : (counts?.byCustomer ?? 0),
  };
}

const promotionByCode = preparedPerDatabase((db) =>
  db
    .select()
    .from(promotions)
    .where(eq(sql`upper(${promotions.code})`, sql.placeholder("code")))
    .limit(1)
    .prepare("promotion_by_code"),
);

/** The promotion behind a code, matched case-insensitively, whatever its terms. */
export async function findPromotionByCode(
  db: Database,
  code: string,
): Promise<PromotionRow | null> {
  const comparable = comparableCode(code);
  if (!comparable) return null;
  const [row] = await promotionByCode(db).execute({ code: comparable });
  return row ?? null;
}

function refusedOrActive(row: PromotionRow, refusal: TermsRefusal | null): PromotionLookup {
  if (refusal === "invalid") return { status: "unknown" };
  if (refusal) return { status: "refused", reason: refusal, code: row.code };
  return { status: "active", promotion: toPromotion(row) };
}

/**
 * The promotion behind a code, matched case-insensitively, with why it cannot be used now, if it
 * cannot: paused or ended, not started, its limit reached, or (when the shopper's e-mail is
 * known) already used by that e-mail.
 */
export async function lookUpPromotion(
  db: Database,
  code: string,
  options: { email?: string | null; now?: Date } = {},
): Promise<PromotionLookup> {
  const row = await findPromotionByCode(db, code);
  return row ? describePromotion(db, row, options) : { status: "unknown" };
}

/** `lookUpPromotion` for a row already read. */
export async function describePromotion(
  db: Database,
  row: PromotionRow,
  options: { email?: string | null; now?: Date } = {},
): Promise<PromotionLookup> {
  const now = options.now ?? new Date();
  const email = options.email ? comparableEmail(options.email) : null;
  const uses = isLimited(row)
    ? await countUses(db, row.id, email, now)
    : { total: 0, byCustomer: null };
  return refusedOrActive(row, termsRefusal(row, uses, now));
}

/**
 * The spec's getPromotionCodeData: the promotion behind a code, only when it may be used.
 * Unknown, paused, ended, used-up or malformed codes give null.
 */
export async function findActivePromotion(db: Database, code: string): Promise<Promotion | null> {
  const lookup = await lookUpPromotion(db, code);
  return lookup.status === "active" ? lookup.promotion : null;
}

/** What reserving a use gave: the reservation's id (null for an unlimited code), or a refusal. */
export type Reservation =
  | { ok: true; useId: string | null; promotion: Promotion }
  | { ok: false; refusal: TermsRefusal | "unknown" };

/**
 * Reserves one use of the code for a checkout about to open, if the code may still be used. The
 * promotion's row is locked for the count and the insert, so concurrent checkouts take their
 * turns and a limit of 10 gives at most 10 uses that count, on either engine.
 */
export async function reservePromotionUse(
  db: Database,
  found: PromotionRow,
  options: { email: string | null; now?: Date },
): Promise<Reservation> {
  const now = options.now ?? new Date();
  const email = options.email ? comparableEmail(options.email) : null;
  if (!isLimited(found)) {
    const refusal = termsRefusal(found, { total: 0, byCustomer: null }, now);
    return refusal
      ? { ok: false, refusal }
      : { ok: true, useId: null, promotion: toPromotion(found) };
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(promotions)
      .where(eq(promotions.id, found.id))
      .for("update");
    if (!row) return { ok: false, refusal: "unknown" } as const;
    const refusal = termsRefusal(row, await countUses(tx, row.id, email, now), now);
    if (refusal) return { ok: false, refusal } as const;
    const useId = randomId("pu_");
    await tx.insert(promotionUses).values({
      id: useId,
      promotionId: row.id,
      email,
      expiresAt: new Date(now.getTime() + promotionHoldMs),
    });
    return { ok: true, useId, promotion: toPromotion(row) } as const;
  });
}

/** Ties a reservation to the checkout session it was made for, once the provider opened it. */
export async function attachUseToSession(db: Database, useId: string, sessionId: string) {
  await db
    .update(promotionUses)
    .set({ checkoutSessionId: sessionId })
    .where(eq(promotionUses.id, useId));
}

/** Gives a reservation back: its checkout did not open. */
export async function releaseUse(db: Database, useId: string): Promise<void> {
  await db
    .update(promotionUses)
    .set({ status: "released" })
    .where(and(eq(promotionUses.id, useId), eq(promotionUses.status, "reserved")));
}

/** Gives back what a cancelled or expired session held; a paid session's use stays used. */
export async function releaseSessionUse(db: Database, sessionId: string): Promise<void> {
  await db
    .update(promotionUses)
    .set({ status: "released" })
    .where(
      and(eq(promotionUses.checkoutSessionId, sessionId), eq(promotionUses.status, "reserved")),
    );
}

/**
 * Counts a paid session's use as used, whether its reservation was still held or not: the
 * provider took the money at the discounted price. An unlimited code, which reserved nothing,
 * gets its use recorded here, so that the owner's counts include it. Once per session.
 */
export async function consumeSessionUse(
  db: Database,
  sessionId: string,
  code: string | null,
): Promise<void> {
  const consumed = await db
    .update(promotionUses)
    .set({ status: "used" })
    .where(eq(promotionUses.checkoutSessionId, sessionId))
    .returning({ id: promotionUses.id });
  if (consumed.length > 0 || !code) return;
  const row = await findPromotionByCode(db, code);
  if (!row) return;
  await db
    .insert(promotionUses)
    .values({
      id: randomId("pu_"),
      promotionId: row.id,
      checkoutSessionId: sessionId,
      status: "used",
      expiresAt: new Date(),
    })
    .onConflictDoNothing();
}

/**
 * The open checkout sessions holding a use of `row`'s code for the same shopper: the same e-mail, or a
 * session this browser opened. A new checkout takes their place.
 */
export async function heldByTheSameShopper(
  db: Database,
  row: PromotionRow,
  shopper: { email: string | null; sessionIds: readonly string[] },
  now = new Date(),
): Promise<string[]> {
  if (!isLimited(row)) return [];
  const email = shopper.email ? comparableEmail(shopper.email) : null;
  const sameShopper = or(
    email ? eq(promotionUses.email, email) : undefined,
    shopper.sessionIds.length > 0
      ? inArray(promotionUses.checkoutSessionId, [...shopper.sessionIds])
      : undefined,
  );
  if (!sameShopper) return [];
  const rows = await db
    .select({ sessionId: promotionUses.checkoutSessionId })
    .from(promotionUses)
    .where(
      and(
        eq(promotionUses.promotionId, row.id),
        eq(promotionUses.status, "reserved"),
        gt(promotionUses.expiresAt, now),
        sameShopper,
      ),
    );
  return rows.flatMap((held) => (held.sessionId ? [held.sessionId] : []));
}
