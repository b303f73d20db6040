/**
 * The back office's recipes. Any member of staff writes a recipe's working copy (the draft);
 * the owner publishes it onto the public page or takes the page down. A published slug that
 * changes leaves a 301 behind. Every change writes its audit row in the same transaction.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import {
  publishProblems,
  type RecipeFieldErrors,
  recipeFormMessages,
} from "~core/admin/recipe-form";
import { bottleIds } from "~core/catalog";
import type { StoredImage } from "~core/images";
import {
  isRecipeEase,
  isRecipeGoodFor,
  type Recipe,
  type RecipeContent,
  type RecipeStatus,
  slugFromTitle,
  uniqueSlug,
} from "~core/recipes";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { recipeFormerSlugs, recipes } from "../db/schema.server";
import { storedImage } from "./images.server";
import { recipeOf } from "./recipes.server";

type RecipeRow = typeof recipes.$inferSelect;

/** What the page shows now: the published columns as content. */
function publishedContent(row: RecipeRow): RecipeContent {
  return {
    title: row.title,
    slug: row.slug,
    introduction: row.introduction,
    ease: isRecipeEase(row.ease) ? row.ease : 1,
    goodFor: isRecipeGoodFor(row.goodFor) ? row.goodFor : 3,
    ingredients: row.ingredients,
    directions: row.directions,
    oliveOils: bottleIds.filter((bottle) => row.oliveOils.includes(bottle)),
    otherTags: row.otherTags,
    instagramLink: row.instagramLink,
    prepMinutes: row.prepMinutes,
    cookMinutes: row.cookMinutes,
    servings: row.servings,
    imageId: row.imageId,
  };
}

/** The editor's working copy: the draft, or what is published when there is none. */
export const workingCopy = (row: RecipeRow): RecipeContent => row.draft ?? publishedContent(row);

export interface StaffRecipeRow {
  id: number;
  title: string;
  slug: string;
  status: RecipeStatus;
  /** A published recipe whose working copy differs from its page. */
  unpublishedChanges: boolean;
  updatedAt: Date;
}

/** Every recipe, last changed first, for the back office's list. */
export async function staffRecipeList(db: Database): Promise<StaffRecipeRow[]> {
  const rows = await db.select().from(recipes).orderBy(desc(recipes.updatedAt), desc(recipes.id));
  return rows.map((row) => {
    const content = workingCopy(row);
    return {
      id: row.id,
      title: content.title,
      slug: content.slug,
      status: row.status,
      unpublishedChanges: row.status === "published" && row.draft !== null,
      updatedAt: row.updatedAt,
    };
  });
}

/** The slugs no other recipe may take: every recipe's, in its page and its draft, and old ones. */
async function takenSlugs(db: Database, exceptId: number | null): Promise<Set<string>> {
  const others = exceptId === null ? undefined : ne(recipes.id, exceptId);
  const [current, former] = await Promise.all([
    db
      .select({ slug: recipes.slug, draftSlug: sql<string | null>`${recipes.draft} ->> 'slug'` })
      .from(recipes)
      .where(others),
    db
      .select({ slug: recipeFormerSlugs.slug })
      .from(recipeFormerSlugs)
      .where(exceptId === null ? undefined : ne(recipeFormerSlugs.recipeId, exceptId)),
  ]);
  return new Set([
    ...current.flatMap((row) => (row.draftSlug ? [row.slug, row.draftSlug] : [row.slug])),
    ...former.map((row) => row.slug),
  ]);
}

/** A new draft with only its title; its slug is derived from the title and made unique. */
export async function createRecipe(
  db: Database,
  actor: AuditActor,
  title: string,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const slug = uniqueSlug(slugFromTitle(title), await takenSlugs(tx, null));
    const [row] = await tx
      .insert(recipes)
      .values({
        slug,
        title,
        introduction: "",
        imageName: "recipe-placeholder.svg",
        ease: 1,
        goodFor: 3,
        ingredients: [],
        directions: [],
        oliveOils: [],
        otherTags: [],
        status: "draft",
      })
      .returning({ id: recipes.id });
    if (!row) throw new Error("the recipe was not created");
    await recordAudit(tx, actor, {
      action: "recipe.created",
      subjectType: "recipe",
      subjectId: String(row.id),
      after: { title, slug },
    });
    return row;
  });
}

export interface RecipeEditorView {
  id: number;
  status: RecipeStatus;
  publishedSlug: string | null;
  unpublishedChanges: boolean;
  content: RecipeContent;
  photo: StoredImage | null;
  updatedAt: Date;
}

export async function recipeEditorView(db: Database, id: number): Promise<RecipeEditorView | null> {
  const [row] = await db.select().from(recipes).where(eq(recipes.id, id)).limit(1);
  if (!row) return null;
  const content = workingCopy(row);
  return {
    id: row.id,
    status: row.status,
    publishedSlug: row.status === "published" ? row.slug : null,
    unpublishedChanges: row.status === "published" && row.draft !== null,
    content,
    photo: await storedImage(db, content.imageId),
    updatedAt: row.updatedAt,
  };
}

/** The recipe's page as it will look once published: the working copy laid over its row. */
export async function recipePreview(db: Database, id: number): Promise<Recipe | null> {
  const [row] = await db.select().from(recipes).where(eq(recipes.id, id)).limit(1);
  if (!row) return null;
  const { imageId, ...content } = workingCopy(row);
  return recipeOf(db, { ...row, ...content, imageId });
}

export type RecipeChange =
  | { ok: true; changed: boolean }
  | { ok: false; fieldErrors: RecipeFieldErrors }
  | { ok: false; missing: true };

/** Equal contents, whatever order their keys come in (jsonb keeps its own). */
const sameContent = (a: RecipeContent, b: RecipeContent) => {
  const keys = Object.keys(a).sort();
  return JSON.stringify(a, keys) === JSON.stringify(b, keys);
};

async function lockedRecipe(db: Database, id: number): Promise<RecipeRow | undefined> {
  const [row] = await db.select().from(recipes).where(eq(recipes.id, id)).for("update");
  return row;
}

/**
 * Saves the working copy (any member of staff; the autosave too). Nothing public changes; a
 * save that changes nothing writes nothing.
 */
export async function saveRecipeDraft(
  db: Database,
  actor: AuditActor,
  id: number,
  input: Omit<RecipeContent, "imageId"> & { imageId?: number | null },
): Promise<RecipeChange> {
  return db.transaction(async (tx) => {
    const row = await lockedRecipe(tx, id);
    if (!row) return { ok: false, missing: true };
    const before = workingCopy(row);
    const content: RecipeContent = { ...input, imageId: input.imageId ?? before.imageId };
    if (content.slug !== before.slug && (await takenSlugs(tx, id)).has(content.slug)) {
      return { ok: false, fieldErrors: { slug: recipeFormMessages.slugTaken } };
    }
    if (sameContent(content, before)) return { ok: true, changed: false };
    const isPublished = sameContent(content, publishedContent(row));
    await tx
      .update(recipes)
      .set({ draft: isPublished && row.status === "published" ? null : content })
      .where(eq(recipes.id, id));
    await recordAudit(tx, actor, {
      action: "recipe.draft_saved",
      subjectType: "recipe",
      subjectId: String(id),
      before: { ...before },
      after: { ...content },
    });
    return { ok: true, changed: true };
  });
}

/**
 * Publishes the working copy (the owner): the page shows it from now on. When the published
 * slug changes, the old one answers 301 to the new one; a slug taken back by its recipe stops
 * redirecting.
 */
export async function publishRecipe(
  db: Database,
  actor: AuditActor,
  id: number,
): Promise<RecipeChange> {
  return db.transaction(async (tx) => {
    const row = await lockedRecipe(tx, id);
    if (!row) return { ok: false, missing: true };
    const content = workingCopy(row);
    const problems = publishProblems(content);
    if (Object.keys(problems).length > 0) return { ok: false, fieldErrors: problems };
    if ((await takenSlugs(tx, id)).has(content.slug)) {
      return { ok: false, fieldErrors: { slug: recipeFormMessages.slugTaken } };
    }
    const wasPublic = row.publishedAt !== null;
    if (wasPublic && row.slug !== content.slug) {
      await tx
        .insert(recipeFormerSlugs)
        .values({ slug: row.slug, recipeId: id })
        .onConflictDoNothing();
    }
    await tx
      .delete(recipeFormerSlugs)
      .where(and(eq(recipeFormerSlugs.slug, content.slug), eq(recipeFormerSlugs.recipeId, id)));
    const now = new Date();
    await tx
      .update(recipes)
      .set({
        ...content,
        status: "published",
        draft: null,
        publishedAt: row.publishedAt ?? now,
        // A recipe published for the first time is the newest on the list.
        createdAt: wasPublic ? row.createdAt : now,
      })
      .where(eq(recipes.id, id));
    await recordAudit(tx, actor, {
      action: "recipe.published",
      subjectType: "recipe",
      subjectId: String(id),
      before: { status: row.status, slug: row.slug },
      after: { status: "published", ...content },
    });
    return { ok: true, changed: true };
  });
}

/** Takes a recipe's page down (the owner): it answers 404 again; the content is kept. */
export async function unpublishRecipe(
  db: Database,
  actor: AuditActor,
  id: number,
): Promise<RecipeChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(recipes)
      .set({ status: "draft" })
      .where(and(eq(recipes.id, id), eq(recipes.status, "published")))
      .returning({ slug: recipes.slug });
    if (!row) {
      const exists = await lockedRecipe(tx, id);
      return exists ? { ok: true, changed: false } : { ok: false, missing: true };
    }
    await recordAudit(tx, actor, {
      action: "recipe.unpublished",
      subjectType: "recipe",
      subjectId: String(id),
      before: { status: "published", slug: row.slug },
      after: { status: "draft" },
    });
    return { ok: true, changed: true };
  });
}
