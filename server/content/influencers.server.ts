/** Influencer pages: the public page's lookup, and the owner's editing with its audit rows. */
import { asc, eq } from "drizzle-orm";
import type { InfluencerInput } from "~core/admin/influencer-form";
import type { StoredImage } from "~core/images";
import { slugSchema } from "~core/validation";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { influencers } from "../db/schema.server";
import { storedImage } from "./images.server";

/** An influencer: their community page and the coupon code it offers. */
export type Influencer = Omit<typeof influencers.$inferSelect, "id" | "createdAt">;

/** The influencer behind a community page; null for an unknown or malformed slug. */
export async function findInfluencerBySlug(db: Database, slug: string): Promise<Influencer | null> {
  if (!slugSchema.safeParse(slug).success) return null;
  const [row] = await db.select().from(influencers).where(eq(influencers.slug, slug)).limit(1);
  if (!row) return null;
  const { id: _id, createdAt: _createdAt, ...influencer } = row;
  return influencer;
}

/** Every influencer page, for the owner's list. */
export async function staffInfluencerList(db: Database) {
  return db
    .select({
      id: influencers.id,
      slug: influencers.slug,
      firstName: influencers.firstName,
      lastName: influencers.lastName,
      couponCode: influencers.couponCode,
      active: influencers.active,
    })
    .from(influencers)
    .orderBy(asc(influencers.firstName), asc(influencers.id));
}

const editable = (row: typeof influencers.$inferSelect): InfluencerInput => ({
  firstName: row.firstName,
  lastName: row.lastName,
  title: row.title,
  heroQuote: row.heroQuote,
  storyQuote: row.storyQuote,
  couponCode: row.couponCode,
  active: row.active,
});

export interface InfluencerEditorView {
  id: number;
  slug: string;
  input: InfluencerInput;
  portrait: StoredImage | null;
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
    input: editable(row),
    portrait: await storedImage(db, row.portraitImageId),
  };
}

/**
 * Changes an influencer's page (or its portrait), live at once, with its audit row; a save that
 * changes nothing writes nothing. False when there is no such influencer.
 */
export async function updateInfluencer(
  db: Database,
  actor: AuditActor,
  id: number,
  change: Partial<InfluencerInput> & { portraitImageId?: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(influencers).where(eq(influencers.id, id)).for("update");
    if (!row) return false;
    const before = { ...editable(row), portraitImageId: row.portraitImageId };
    const after = { ...before, ...change };
    if (JSON.stringify(before) === JSON.stringify(after)) return true;
    await tx.update(influencers).set(change).where(eq(influencers.id, id));
    await recordAudit(tx, actor, {
      action: "influencer.updated",
      subjectType: "influencer",
      subjectId: String(id),
      before,
      after,
    });
    return true;
  });
}
