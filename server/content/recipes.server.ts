import { desc, eq } from "drizzle-orm";
import { type BottleId, bottleIds } from "~core/catalog";
import { isRecipeEase, isRecipeGoodFor, type Recipe, type RecipeSummary } from "~core/recipes";
import type { Database } from "../db/client.server";
import { recipes } from "../db/schema.server";

export type { Recipe, RecipeSummary };

type SummaryRow = Pick<
  typeof recipes.$inferSelect,
  "slug" | "title" | "introduction" | "imageName" | "ease" | "goodFor" | "createdAt"
>;

// The table's check constraints keep ease and goodFor in range; the fallbacks only satisfy types.
function toSummary(row: SummaryRow): RecipeSummary {
  return {
    slug: row.slug,
    title: row.title,
    introduction: row.introduction,
    imageName: row.imageName,
    ease: isRecipeEase(row.ease) ? row.ease : 1,
    goodFor: isRecipeGoodFor(row.goodFor) ? row.goodFor : 3,
    createdAt: row.createdAt,
  };
}

function isBottleId(value: string): value is BottleId {
  return (bottleIds as readonly string[]).includes(value);
}

const summaryColumns = {
  slug: recipes.slug,
  title: recipes.title,
  introduction: recipes.introduction,
  imageName: recipes.imageName,
  ease: recipes.ease,
  goodFor: recipes.goodFor,
  createdAt: recipes.createdAt,
};

/** Every recipe, newest first. */
export async function listRecipes(db: Database): Promise<RecipeSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(recipes)
    .orderBy(desc(recipes.createdAt), desc(recipes.id));
  return rows.map(toSummary);
}

/** The recipe with this slug, or null when there is none. */
export async function findRecipeBySlug(db: Database, slug: string): Promise<Recipe | null> {
  const [row] = await db.select().from(recipes).where(eq(recipes.slug, slug)).limit(1);
  if (!row) return null;
  return {
    ...toSummary(row),
    ingredients: row.ingredients,
    directions: row.directions,
    oliveOils: row.oliveOils.filter(isBottleId),
    otherTags: row.otherTags,
    instagramLink: row.instagramLink,
  };
}
