import { describe, expect, it } from "vitest";
import { type RecipeJsonLdInput, recipeJsonLd } from "./recipe-structured-data";

const shop = { brandName: "Troia Grove", publicUrl: "https://troiagrove.example" };

const recipe: RecipeJsonLdInput = {
  slug: "summer-tomato-bread",
  title: "Summer Tomato Bread",
  introduction: "Grated tomato on toast.",
  imageName: "summer-tomato-bread.svg",
  ease: 1,
  goodFor: 2,
  ingredients: ["4 slices sourdough", "2 ripe tomatoes"],
  directions: ["Toast the bread.", "Grate the tomatoes over it."],
  otherTags: ["Vegan", "Summer"],
  createdAt: new Date("2025-07-18T12:00:00Z"),
  photo: null,
  prepMinutes: null,
  cookMinutes: null,
  servings: null,
};

describe("recipeJsonLd", () => {
  it("carries the name, image, ingredients and each direction as a step", () => {
    const data = recipeJsonLd(recipe, shop);
    expect(data).toMatchObject({
      "@type": "Recipe",
      name: "Summer Tomato Bread",
      description: "Grated tomato on toast.",
      url: "https://troiagrove.example/academy/recipes/summer-tomato-bread",
      image: ["https://troiagrove.example/images/recipes/summer-tomato-bread.svg"],
      author: { "@type": "Organization", name: "Troia Grove" },
      datePublished: "2025-07-18",
      recipeCategory: "Lunch",
      keywords: "Super easy, SuperEasy, Vegan, Summer",
      recipeIngredient: ["4 slices sourdough", "2 ripe tomatoes"],
    });
    expect(data.recipeInstructions).toEqual([
      {
        "@type": "HowToStep",
        position: 1,
        text: "Toast the bread.",
        url: "https://troiagrove.example/academy/recipes/summer-tomato-bread#step-1",
      },
      {
        "@type": "HowToStep",
        position: 2,
        text: "Grate the tomatoes over it.",
        url: "https://troiagrove.example/academy/recipes/summer-tomato-bread#step-2",
      },
    ]);
  });
});
