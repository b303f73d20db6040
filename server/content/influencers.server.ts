import { eq } from "drizzle-orm";
import { slugSchema } from "~core/validation";
import type { Database } from "../db/client.server";
import { influencers } from "../db/schema.server";

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
