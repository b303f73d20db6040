import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { recipes } from "../db/schema.server";
import { findRecipeBySlug, listRecipes } from "./recipes.server";

const base = {
  introduction: "An introduction.",
  imageName: "dish.svg",
  ease: 2,
  goodFor: 3,
  ingredients: ["1 cup flour"],
  directions: ["Mix.", "Bake."],
  oliveOils: ["luxe", "notABottle"],
  otherTags: ["Vegan"],
};

describe.each(testEngines)("recipes on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("lists nothing when there are no recipes", async () => {
    expect(await listRecipes(database.db)).toEqual([]);
  });

  it("lists recipes newest first", async () => {
    await database.db.insert(recipes).values([
      { ...base, slug: "old", title: "Old", createdAt: new Date("2025-01-01T00:00:00Z") },
      { ...base, slug: "newest", title: "Newest", createdAt: new Date("2026-03-01T00:00:00Z") },
      { ...base, slug: "middle", title: "Middle", createdAt: new Date("2025-08-01T00:00:00Z") },
      { ...base, slug: "a-draft", title: "A draft", status: "draft" },
    ]);
    const listed = await listRecipes(database.db);
    expect(listed.map((recipe) => recipe.slug)).toEqual(["newest", "middle", "old"]);
    expect(listed[0]).toEqual({
      slug: "newest",
      title: "Newest",
      introduction: "An introduction.",
      imageName: "dish.svg",
      photo: null,
      ease: 2,
      goodFor: 3,
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
  });

  it("finds a recipe by slug with its lists, keeping only known bottles", async () => {
    const recipe = await findRecipeBySlug(database.db, "middle");
    expect(recipe).toMatchObject({
      title: "Middle",
      ingredients: ["1 cup flour"],
      directions: ["Mix.", "Bake."],
      oliveOils: ["luxe"],
      otherTags: ["Vegan"],
      instagramLink: null,
    });
  });

  it("answers null for an unknown slug, and for a draft", async () => {
    expect(await findRecipeBySlug(database.db, "no-such-recipe")).toBeNull();
    expect(await findRecipeBySlug(database.db, "a-draft")).toBeNull();
  });
});
