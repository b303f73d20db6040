/**
 * Influencer pages: the public page's lookup, and the back office's new pages and changes, each
 * with its audit row. Staff prepare new pages; the owner puts them up (`canEditInfluencerPage`).
 */
import { asc, eq } from "drizzle-orm";
import {
  canEditInfluencerPage,
  canPutInfluencerPageUp,
  type InfluencerInput,
  influencerFormMessages,
  influencerSlugOf,
  influencerSlugRule,
  type NewInfluencerFieldErrors,
} from "~core/admin/influencer-form";
import type { StoredImage } from "~core/images";
import { uniqueSlug } from "~core/recipes";
import type { StaffRole } from "~core/staff";
import { slugSchema } from "~core/validation";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { influencers } from "../db/schema.server";
import { influencerOfferChoices, linkPromotionToInfluencer } from "../promotions/manage.server";
import { storedImage } from "./images.server";

/** An influencer: their community page and the coupon code it offers. */
export type Influencer = Omit<typeof influencers.$inferSelect, "id" | "createdAt" | "launchedAt">;

/** The member of staff making a change, and what their role lets them do. */
export type InfluencerEditor = AuditActor & { role: StaffRole };

/**
 * The influencer behind a community page; null for an unknown or malformed slug, and for a new
 * page that has not been put up yet.
 */
export async function findInfluencerBySlug(db: Database, slug: string): Promise<Influencer | null> {
  if (!slugSchema.safeParse(slug).success) return null;
  const [row] = await db.select().from(influencers).where(eq(influencers.slug, slug)).limit(1);
  if (!row?.launchedAt) return null;
  const { id: _id, createdAt: _createdAt, launchedAt: _launchedAt, ...influencer } = row;
  return influencer;
}

/** Every influencer page, for the back office's list. */
export async function staffInfluencerList(db: Database) {
  const rows = await db
    .select({
      id: influencers.id,
      slug: influencers.slug,
      firstName: influencers.firstName,
      lastName: influencers.lastName,
      couponCode: influencers.couponCode,
      active: influencers.active,
      launchedAt: influencers.launchedAt,
    })
    .from(influencers)
    .orderBy(asc(influencers.firstName), asc(influencers.id));
  return rows.map(({ launchedAt, ...row }) => ({ ...row, launched: launchedAt !== null }));
}

type InfluencerRow = typeof influencers.$inferSelect;

const editable = (row: InfluencerRow): InfluencerInput => ({
  firstName: row.firstName,
  lastName: row.lastName,
  title: row.title,
  heroQuote: row.heroQuote,
  storyQuote: row.storyQuote,
  couponCode: row.couponCode,
  active: row.active,
});

/**
 * The offers a page may choose: the promotions no other page has, and the code the page has now
 * even when no promotion has it any more (so that a save never changes it unasked).
 */
async function offerChoices(db: Database, influencerId: number | null, current: string | null) {
  const choices = await influencerOfferChoices(db, influencerId);
  if (current === null || choices.some((choice) => choice.code === current)) return choices;
  return [{ code: current, label: `${current}: no promotion has this code` }, ...choices];
}

export async function newInfluencerView(db: Database) {
  return { offers: await offerChoices(db, null, null) };
}

export interface InfluencerEditorView {
  id: number;
  slug: string;
  /** Put up at least once: visitors know its address, and only the owner changes it. */
  launched: boolean;
  input: InfluencerInput;
  portrait: StoredImage | null;
  offers: Array<{ code: string; label: string }>;
}

export async function influencerEditorView(
  db: Database,
  id: number,
): Promise<InfluencerEditorView | null> {
  const [row] = await db.select().from(influencers).where(eq(influencers.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    launched: row.launchedAt !== null,
    input: editable(row),
    portrait: await storedImage(db, row.portraitImageId),
    offers: await offerChoices(db, row.id, row.couponCode),
  };
}

/** What the database refuses of a new page: a taken address, an offer it may not have. */
export async function newInfluencerConflicts(
  db: Database,
  page: { slug: string | null; couponCode: string },
): Promise<NewInfluencerFieldErrors> {
  const errors: NewInfluencerFieldErrors = {};
  if (page.slug !== null) {
    const [taken] = await db
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.slug, page.slug))
      .limit(1);
    if (taken) errors.slug = influencerFormMessages.slugTaken;
  }
  const offers = await influencerOfferChoices(db, null);
  if (!offers.some((offer) => offer.code === page.couponCode)) {
    errors.couponCode = influencerFormMessages.couponCode;
  }
  return errors;
}

export type NewInfluencerResult =
  | { ok: true; id: number; slug: string }
  | { ok: false; fieldErrors: NewInfluencerFieldErrors }
  | { ok: false; forbidden: true };

/**
 * A new influencer page with its portrait and offer: up at once when the owner says so, a draft
 * otherwise. Its address is the one typed (refused when taken) or made from the name (`-2`, `-3`…
 * when taken). The chosen promotion is linked to the page.
 */
export async function createInfluencer(
  db: Database,
  actor: InfluencerEditor,
  page: { input: InfluencerInput; slug: string | null; portraitImageId: number },
): Promise<NewInfluencerResult> {
  if (page.input.active && !canPutInfluencerPageUp(actor.role)) {
    return { ok: false, forbidden: true };
  }
  return db.transaction(async (tx) => {
    const errors = await newInfluencerConflicts(tx, {
      slug: page.slug,
      couponCode: page.input.couponCode,
    });
    if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
    const taken = await tx.select({ slug: influencers.slug }).from(influencers);
    const slug =
      page.slug ??
      uniqueSlug(
        influencerSlugOf(page.input),
        new Set(taken.map((row) => row.slug)),
        influencerSlugRule,
      );
    const [row] = await tx
      .insert(influencers)
      .values({
        ...page.input,
        slug,
        imageFileName: null,
        portraitImageId: page.portraitImageId,
        launchedAt: page.input.active ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error("the influencer page was not created");
    if (!(await linkPromotionToInfluencer(tx, actor, row.couponCode, row.id))) {
      throw new Error("the offer was taken while the page was created");
    }
    await recordAudit(tx, actor, {
      action: "influencer.created",
      subjectType: "influencer",
      subjectId: String(row.id),
      after: { slug, ...editable(row), portraitImageId: row.portraitImageId },
    });
    return { ok: true, id: row.id, slug };
  });
}

export type InfluencerChange = "saved" | "missing" | "forbidden" | "offer-taken";

/**
 * Changes an influencer's page (or its portrait), live at once, with its audit row; a save that
 * changes nothing writes nothing. A page put up for the first time is launched: its address is
 * public from then on. A new offer's promotion is linked to the page.
 */
export async function updateInfluencer(
  db: Database,
  actor: InfluencerEditor,
  id: number,
  change: Partial<InfluencerInput> & { portraitImageId?: number },
): Promise<InfluencerChange> {
  return db.transaction(async (tx): Promise<InfluencerChange> => {
    const [row] = await tx.select().from(influencers).where(eq(influencers.id, id)).for("update");
    if (!row) return "missing";
    if (!canEditInfluencerPage(actor.role, { launched: row.launchedAt !== null })) {
      return "forbidden";
    }
    const before = { ...editable(row), portraitImageId: row.portraitImageId };
    const after = { ...before, ...change };
    if (after.active !== before.active && !canPutInfluencerPageUp(actor.role)) return "forbidden";
    if (JSON.stringify(before) === JSON.stringify(after)) return "saved";
    if (
      after.couponCode !== before.couponCode &&
      !(await linkPromotionToInfluencer(tx, actor, after.couponCode, id))
    ) {
      return "offer-taken";
    }
    const launchedAt = row.launchedAt ?? (after.active ? new Date() : null);
    await tx
      .update(influencers)
      .set({ ...change, launchedAt })
      .where(eq(influencers.id, id));
    await recordAudit(tx, actor, {
      action: "influencer.updated",
      subjectType: "influencer",
      subjectId: String(id),
      before,
      after,
    });
    return "saved";
  });
}
