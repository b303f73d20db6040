import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRecipeForm, recipeFormMessages, recipeFormOf } from "~core/admin/recipe-form";
import type { RecipeContent } from "~core/recipes";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { auditLog } from "../db/schema.server";
import { demoRecipes } from "../db/seed/recipes.server";
import { seedDemoData } from "../db/seed/seed.server";
import {
  createRecipe,
  publishRecipe,
  recipeEditorView,
  recipePreview,
  saveRecipeDraft,
  staffRecipeList,
  unpublishRecipe,
} from "./recipe-editor.server";
import { findRecipeBySlug, listRecipes, movedRecipeSlug } from "./recipes.server";

const staff = { id: "staff-1", email: "staff@troiagrove.test" };
const owner = { id: "owner-1", email: "owner@troiagrove.test" };

const filled = (content: RecipeContent, changes: Partial<RecipeContent> = {}) => ({
  ...content,
  introduction: "Warm bread, cold oil.",
  ingredients: ["1 loaf of bread", "3 tablespoons Luxe"],
  directions: ["Slice the bread.", "Pour the oil."],
  oliveOils: ["luxe" as const],
  prepMinutes: 5,
  cookMinutes: 0,
  servings: 2,
  ...changes,
});

describe.each(testEngines)("the recipe editor on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, { onlyIfEmpty: false });
  });
  afterAll(() => database.dispose());

  async function view(id: number) {
    const found = await recipeEditorView(database.db, id);
    if (!found) throw new Error(`no recipe ${id}`);
    return found;
  }

  async function actionsOf(id: number) {
    const rows = await database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(id)));
    return rows.filter((row) => row.action.startsWith("recipe."));
  }

  it("starts a draft with a unique slug derived from its title, public nowhere", async () => {
    const first = await createRecipe(database.db, staff, "Bread & Oil!");
    const second = await createRecipe(database.db, staff, "Bread and Oil");
    // A seed recipe's slug is taken too.
    const third = await createRecipe(database.db, staff, "Summer Tomato Bread");
    expect((await view(first.id)).content.slug).toBe("bread-oil");
    expect((await view(second.id)).content.slug).toBe("bread-and-oil");
    expect((await view(third.id)).content.slug).toBe("summer-tomato-bread-2");
    expect(await findRecipeBySlug(database.db, "bread-oil")).toBeNull();
    const listed = (await listRecipes(database.db)).map((recipe) => recipe.slug);
    expect(listed).not.toContain("bread-oil");
    expect(listed).toHaveLength(demoRecipes.length);
    expect(await actionsOf(first.id)).toEqual([{ action: "recipe.created", actorId: staff.id }]);
  });

  it("refuses a slug another recipe has, in its page, its draft or its past", async () => {
    const { id } = await createRecipe(database.db, staff, "Olive Oil Toast");
    const content = (await view(id)).content;
    const taken = await saveRecipeDraft(database.db, staff, id, {
      ...content,
      slug: "summer-tomato-bread",
    });
    expect(taken).toEqual({ ok: false, fieldErrors: { slug: recipeFormMessages.slugTaken } });
    const draftTaken = await saveRecipeDraft(database.db, staff, id, {
      ...content,
      slug: "bread-and-oil",
    });
    expect(draftTaken).toEqual({ ok: false, fieldErrors: { slug: recipeFormMessages.slugTaken } });
  });

  it("saves a staff draft without changing anything public, and writes nothing for no change", async () => {
    const { id } = await createRecipe(database.db, staff, "Green Olive Salad");
    const content = filled((await view(id)).content);
    expect(await saveRecipeDraft(database.db, staff, id, content)).toEqual({
      ok: true,
      changed: true,
    });
    expect(await saveRecipeDraft(database.db, staff, id, content)).toEqual({
      ok: true,
      changed: false,
    });
    expect((await actionsOf(id)).map((row) => row.action)).toEqual([
      "recipe.created",
      "recipe.draft_saved",
    ]);
    expect(await findRecipeBySlug(database.db, "green-olive-salad")).toBeNull();
    expect(await recipePreview(database.db, id)).toMatchObject({
      title: "Green Olive Salad",
      ingredients: content.ingredients,
      servings: 2,
    });
  });

  it("will not publish an empty draft", async () => {
    const { id } = await createRecipe(database.db, staff, "Empty One");
    const refused = await publishRecipe(database.db, owner, id);
    expect(refused.ok).toBe(false);
    expect(await findRecipeBySlug(database.db, "empty-one")).toBeNull();
  });

  it("publishes, keeps later drafts off the page until published, and redirects an old slug", async () => {
    const { id } = await createRecipe(database.db, staff, "Charred Leeks");
    await saveRecipeDraft(database.db, staff, id, filled((await view(id)).content));
    expect(await publishRecipe(database.db, owner, id)).toEqual({ ok: true, changed: true });
    const page = await findRecipeBySlug(database.db, "charred-leeks");
    expect(page).toMatchObject({ title: "Charred Leeks", prepMinutes: 5 });
    expect((await listRecipes(database.db))[0]?.slug).toBe("charred-leeks");

    const published = (await view(id)).content;
    await saveRecipeDraft(database.db, staff, id, {
      ...published,
      title: "Charred Leeks with Oil",
      slug: "charred-leeks-with-oil",
    });
    expect(await findRecipeBySlug(database.db, "charred-leeks")).toMatchObject({
      title: "Charred Leeks",
    });
    expect((await view(id)).unpublishedChanges).toBe(true);

    await publishRecipe(database.db, owner, id);
    expect(await findRecipeBySlug(database.db, "charred-leeks")).toBeNull();
    expect(await movedRecipeSlug(database.db, "charred-leeks")).toBe("charred-leeks-with-oil");
    expect(await findRecipeBySlug(database.db, "charred-leeks-with-oil")).toMatchObject({
      title: "Charred Leeks with Oil",
    });

    // The old address stays this recipe's: nobody else may take it.
    const other = await createRecipe(database.db, staff, "Charred Leeks");
    expect((await view(other.id)).content.slug).toBe("charred-leeks-2");

    // Back to the first slug: it is the page again, not a redirect.
    await saveRecipeDraft(database.db, staff, id, {
      ...(await view(id)).content,
      slug: "charred-leeks",
    });
    await publishRecipe(database.db, owner, id);
    expect(await movedRecipeSlug(database.db, "charred-leeks")).toBeNull();
    expect(await movedRecipeSlug(database.db, "charred-leeks-with-oil")).toBe("charred-leeks");
  });

  it("unpublishes: the page and its old slugs answer nothing, the content is kept", async () => {
    const [row] = (await staffRecipeList(database.db)).filter(
      (recipe) => recipe.slug === "charred-leeks",
    );
    if (!row) throw new Error("no recipe");
    expect(await unpublishRecipe(database.db, owner, row.id)).toEqual({ ok: true, changed: true });
    expect(await unpublishRecipe(database.db, owner, row.id)).toEqual({
      ok: true,
      changed: false,
    });
    expect(await findRecipeBySlug(database.db, "charred-leeks")).toBeNull();
    expect(await movedRecipeSlug(database.db, "charred-leeks-with-oil")).toBeNull();
    expect((await view(row.id)).content.title).toBe("Charred Leeks with Oil");
    expect((await actionsOf(row.id)).map((entry) => entry.action)).toContain("recipe.unpublished");
  });

  it("reads the form it shows back into the same content", async () => {
    const [seeded] = await listRecipes(database.db);
    const recipe = seeded && (await findRecipeBySlug(database.db, seeded.slug));
    if (!recipe) throw new Error("no recipe");
    const content: RecipeContent = { ...recipe, imageId: null };
    const read = readRecipeForm(recipeFormOf(content));
    expect(read).toEqual({
      ok: true,
      content: {
        title: content.title,
        slug: content.slug,
        introduction: content.introduction,
        ease: content.ease,
        goodFor: content.goodFor,
        ingredients: content.ingredients,
        directions: content.directions,
        oliveOils: content.oliveOils,
        otherTags: content.otherTags,
        instagramLink: content.instagramLink,
        prepMinutes: content.prepMinutes,
        cookMinutes: content.cookMinutes,
        servings: content.servings,
      },
    });
  });
});
