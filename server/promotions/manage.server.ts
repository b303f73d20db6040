/**
 * The owner's promotions: the list with each code's uses, and creating, editing, pausing and
 * resuming one, each change with its audit row in the same transaction.
 */
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { PromotionFieldErrors, PromotionInput } from "~core/admin/promotion-form";
import { promotionFormMessages } from "~core/admin/promotion-form";
import { orderItemName } from "~core/catalog";
import {
  discountWords,
  eligibleItemsOf,
  promotionKindOf,
  promotionState,
} from "~core/promotion-rules";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import { readCatalog } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { influencers, promotions, promotionUses } from "../db/schema.server";
import type { PromotionRow } from "./promotions.server";

/** What the audit row keeps of a promotion: its terms, times as ISO strings. */
function auditedTerms(row: PromotionRow): Record<string, unknown> {
  return {
    code: row.code,
    kind: promotionKindOf(row),
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    minSubtotalCents: row.minSubtotalCents,
    eligibleItemIds: row.eligibleItemIds,
    influencerId: row.influencerId,
    active: row.active,
  };
}

/** The influencers a promotion may be linked to, for the form's list. */
export async function influencerChoices(db: Database) {
  return db
    .select({
      id: influencers.id,
      name: sql<string>`${influencers.firstName} || ' ' || ${influencers.lastName}`,
    })
    .from(influencers)
    .orderBy(asc(influencers.firstName));
}

/** The promotions no other influencer's page offers, as `influencerId`'s page may choose them. */
export async function influencerOfferChoices(db: Database, influencerId: number | null) {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      influencerId === null
        ? isNull(promotions.influencerId)
        : or(isNull(promotions.influencerId), eq(promotions.influencerId, influencerId)),
    )
    .orderBy(asc(promotions.code));
  return rows.map((row) => ({
    code: row.code,
    label: `${row.code}: ${discountWords(row)}${row.active ? "" : " (paused)"}`,
  }));
}

/**
 * Makes the promotion with `code` the offer of an influencer's page: a promotion no page has yet
 * is linked to this one, with its audit row. False when no promotion has this code or another
 * influencer's page has it.
 */
export async function linkPromotionToInfluencer(
  db: Database,
  actor: AuditActor,
  code: string,
  influencerId: number,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(eq(sql`upper(${promotions.code})`, code.toUpperCase()))
    .for("update");
  if (!row) return false;
  if (row.influencerId === influencerId) return true;
  if (row.influencerId !== null) return false;
  const [linked] = await db
    .update(promotions)
    .set({ influencerId })
    .where(eq(promotions.id, row.id))
    .returning();
  if (!linked) throw new Error("the promotion was not linked");
  await recordAudit(db, actor, {
    action: "promotion.updated",
    subjectType: "promotion",
    subjectId: String(row.id),
    before: auditedTerms(row),
    after: auditedTerms(linked),
  });
  return true;
}

/** Every promotion with its uses as of `now`: paid, held by an open checkout. */
async function promotionsWithUses(db: Database, now = new Date()) {
  const used = sql<number>`(count(${promotionUses.id}) filter (where ${promotionUses.status} = 'used'))::int`;
  const reserved = sql<number>`(count(${promotionUses.id}) filter (where ${promotionUses.status} = 'reserved' and ${promotionUses.expiresAt} > ${now}))::int`;
  return db
    .select({
      promotion: promotions,
      influencerName: sql<
        string | null
      >`${influencers.firstName} || ' ' || ${influencers.lastName}`,
      used,
      reserved,
    })
    .from(promotions)
    .leftJoin(promotionUses, eq(promotionUses.promotionId, promotions.id))
    .leftJoin(influencers, eq(influencers.id, promotions.influencerId))
    .groupBy(promotions.id, influencers.id)
    .orderBy(asc(promotions.code));
}

/** The owner's list, one row per promotion, as the page shows it. */
export async function promotionListView(db: Database, now = new Date()) {
  const [rows, catalog] = await Promise.all([promotionsWithUses(db, now), readCatalog(db)]);
  return rows.map(({ promotion, influencerName, used, reserved }) => ({
    id: promotion.id,
    code: promotion.code,
    discount: discountWords(promotion),
    state: promotionState(promotion, { total: used + reserved }, now),
    active: promotion.active,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    used,
    reserved,
    totalLimit: promotion.totalLimit,
    perCustomerLimit: promotion.perCustomerLimit,
    minSubtotalCents: promotion.minSubtotalCents,
    items:
      eligibleItemsOf(promotion.eligibleItemIds)?.map((id) => orderItemName(catalog[id])) ?? null,
    influencerName,
  }));
}

export async function findPromotion(db: Database, id: number): Promise<PromotionRow | null> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  return row ?? null;
}

export type PromotionChange =
  | { ok: true; promotion: PromotionRow }
  | { ok: false; fieldErrors: PromotionFieldErrors }
  | { ok: false; missing: true };

/** What a form's terms refuse that only the database knows: a taken code, a gone influencer. */
async function conflicts(
  db: Database,
  input: PromotionInput,
  exceptId: number | null,
): Promise<PromotionFieldErrors> {
  const errors: PromotionFieldErrors = {};
  const [taken] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(sql`upper(${promotions.code})`, input.code.toUpperCase()),
        exceptId === null ? undefined : ne(promotions.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) errors.code = promotionFormMessages.codeTaken;
  if (input.influencerId !== null) {
    const [influencer] = await db
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.id, input.influencerId))
      .limit(1);
    if (!influencer) errors.influencerId = promotionFormMessages.influencerId;
  }
  return errors;
}

const hasErrors = (errors: PromotionFieldErrors) => Object.keys(errors).length > 0;

export async function createPromotion(
  db: Database,
  actor: AuditActor,
  input: PromotionInput,
): Promise<PromotionChange> {
  return db.transaction(async (tx) => {
    const errors = await conflicts(tx, input, null);
    if (hasErrors(errors)) return { ok: false, fieldErrors: errors };
    const [row] = await tx
      .insert(promotions)
      .values({ ...input, couponId: input.code })
      .returning();
    if (!row) throw new Error("the promotion was not created");
    await recordAudit(tx, actor, {
      action: "promotion.created",
      subjectType: "promotion",
      subjectId: String(row.id),
      after: auditedTerms(row),
    });
    return { ok: true, promotion: row };
  });
}

/**
 * Changes a promotion's terms. The code may change too (the provider's coupon id stays): sessions
 * already open keep the terms they were priced with.
 */
export async function updatePromotion(
  db: Database,
  actor: AuditActor,
  id: number,
  input: PromotionInput,
): Promise<PromotionChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
    if (!before) return { ok: false, missing: true };
    const errors = await conflicts(tx, input, id);
    if (hasErrors(errors)) return { ok: false, fieldErrors: errors };
    const [row] = await tx.update(promotions).set(input).where(eq(promotions.id, id)).returning();
    if (!row) throw new Error("the promotion was not updated");
    await recordAudit(tx, actor, {
      action: "promotion.updated",
      subjectType: "promotion",
      subjectId: String(id),
      before: auditedTerms(before),
      after: auditedTerms(row),
    });
    return { ok: true, promotion: row };
  });
}

/** Pauses or resumes a promotion; asking for what it already is changes nothing and records nothing. */
export async function setPromotionActive(
  db: Database,
  actor: AuditActor,
  id: number,
  active: boolean,
): Promise<PromotionRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(promotions)
      .set({ active })
      .where(and(eq(promotions.id, id), ne(promotions.active, active)))
      .returning();
    if (!row) return findPromotion(tx, id);
    await recordAudit(tx, actor, {
      action: active ? "promotion.resumed" : "promotion.paused",
      subjectType: "promotion",
      subjectId: String(id),
      before: { code: row.code, active: !active },
      after: { code: row.code, active },
    });
    return row;
  });
}
