import { describe, expect, it } from "vitest";
import {
  easeLabels,
  easeTags,
  goodForLabels,
  isRecipeEase,
  isRecipeGoodFor,
  isRecipeSlug,
  recipeImagePath,
  recipePath,
  slugFromTitle,
  uniqueSlug,
} from "./recipes";

describe("recipe labels", () => {
  it("name each ease and meal type as the spec does", () => {
    expect(Object.values(easeLabels)).toEqual([
      "Super easy",
      "Fairly easy",
      "Not so easy",
      "Difficult",
    ]);
    expect(Object.values(easeTags)).toEqual(["SuperEasy", "FairlyEasy", "NotSoEasy", "Difficult"]);
    expect(Object.values(goodForLabels)).toEqual(["Breakfast", "Lunch", "Dinner", "Snack", "Side"]);
  });

  it("accept only the defined ease and meal-type numbers", () => {
    expect([0, 1, 4, 5, 2.5].map(isRecipeEase)).toEqual([false, true, true, false, false]);
    expect([0, 1, 5, 6].map(isRecipeGoodFor)).toEqual([false, true, true, false]);
  });
});

describe("recipe slugs and paths", () => {
  it("accept lower-case hyphenated words only", () => {
    expect(isRecipeSlug("olive-oil-orange-cake")).toBe(true);
    expect(isRecipeSlug("Olive-Oil")).toBe(false);
    expect(isRecipeSlug("double--hyphen")).toBe(false);
    expect(isRecipeSlug("../etc/passwd")).toBe(false);
    expect(isRecipeSlug("a".repeat(121))).toBe(false);
  });

  it("build the page and image paths", () => {
    expect(recipePath("summer-tomato-bread")).toBe("/academy/recipes/summer-tomato-bread");
    expect(recipeImagePath("summer tomato.svg")).toBe("/images/recipes/summer%20tomato.svg");
  });
});

describe("slugs made from titles", () => {
  it("keeps letters and digits, and numbers a taken slug", () => {
    expect(slugFromTitle("Crème brûlée, 2 ways!")).toBe("creme-brulee-2-ways");
    expect(slugFromTitle("!!!")).toBe("recipe");
    expect(uniqueSlug("bread", new Set(["bread", "bread-2"]))).toBe("bread-3");
  });

  it("follows another rule's limit and word", () => {
    const rule = { maxLength: 10, fallback: "section" };
    expect(slugFromTitle("…", rule)).toBe("section");
    expect(slugFromTitle("olive oil and bread", rule)).toBe("olive-oil");
    expect(uniqueSlug("olive-oil", new Set(["olive-oil"]), rule)).toBe("olive-oi-2");
  });
});
