import { and, desc, eq } from "drizzle-orm";
import { type BottleId, bottleIds } from "~core/catalog";
import { isRecipeEase, isRecipeGoodFor, type Recipe, type RecipeSummary } from "~core/recipes";
import type { Database } from "../db/client.server";
import { recipeFormerSlugs, recipes } from "../db/schema.server";
import { storedImage, storedImages } from "./images.server";

export type { Recipe, RecipeSummary };

type SummaryRow = Pick<
  typeof recipes.$inferSelect,
  "slug" | "title" | "introduction" | "imageName" | "ease" | "goodFor" | "createdAt"
>;

// The table's check constraints keep ease and goodFor in range; the fallbacks only satisfy types.
function toSummary(row: SummaryRow, photo: RecipeSummary["photo"]): RecipeSummary {
  return {
    slug: row.slug,
    title: row.title,
    introduction: row.introduction,
    imageName: row.imageName,
    photo,
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
  imageId: recipes.imageId,
};

const published = eq(recipes.status, "published");

/** Every published recipe, newest first. */
export async function listRecipes(db: Database): Promise<RecipeSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(recipes)
    .where(published)
    .orderBy(desc(recipes.createdAt), desc(recipes.id));
  const photos = await storedImages(
    db,
    rows.map((row) => row.imageId),
  );
  return rows.map((row) => toSummary(row, photos.get(row.imageId ?? 0) ?? null));
}

type RecipeRow = typeof recipes.$inferSelect;

/** A recipe's page from its row (or its editor's working copy laid over it, for the preview). */
export async function recipeOf(db: Database, row: RecipeRow): Promise<Recipe> {
  return {
    ...toSummary(row, await storedImage(db, row.imageId)),
    ingredients: row.ingredients,
    directions: row.directions,
    oliveOils: row.oliveOils.filter(isBottleId),
    otherTags: row.otherTags,
    instagramLink: row.instagramLink,
    prepMinutes: row.prepMinutes,
    cookMinutes: row.cookMinutes,
    servings: row.servings,
  };
}

/** The published recipe with this slug, or null when there is none. */
export async function findRecipeBySlug(db: Database, slug: string): Promise<Recipe | null> {
  const [row] = await db
    .select()
    .from(recipes)
    .where(and(eq(recipes.slug, slug), published))
    .limit(1);
  return row ? recipeOf(db, row) : null;
}

/** The current slug of the published recipe that once had `slug`, or null. */
export async function movedRecipeSlug(db: Database, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: recipes.slug })
    .from(recipeFormerSlugs)
    .innerJoin(recipes, eq(recipes.id, recipeFormerSlugs.recipeId))
    .where(and(eq(recipeFormerSlugs.slug, slug), published))
    .limit(1);
  return row?.slug ?? null;
}
