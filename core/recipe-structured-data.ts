/** schema.org `Recipe` JSON-LD for the recipe pages (the shop's other JSON-LD: `structured-data.ts`). */
import { largestImagePath } from "./images";
import {
  easeLabels,
  easeTags,
  goodForLabels,
  type Recipe,
  recipeImagePath,
  recipePath,
} from "./recipes";
import {
  absoluteUrl,
  type JsonLdObject,
  type OrganizationInput,
  schemaOrg,
} from "./structured-data";

export type RecipeJsonLdInput = Omit<Recipe, "oliveOils" | "instagramLink">;

/** ISO 8601 durations of the times the recipe gives. */
function durations(recipe: Pick<Recipe, "prepMinutes" | "cookMinutes">): JsonLdObject {
  const iso = (minutes: number) => `PT${minutes}M`;
  const { prepMinutes, cookMinutes } = recipe;
  return {
    ...(prepMinutes === null ? {} : { prepTime: iso(prepMinutes) }),
    ...(cookMinutes === null ? {} : { cookTime: iso(cookMinutes) }),
    ...(prepMinutes === null && cookMinutes === null
      ? {}
      : { totalTime: iso((prepMinutes ?? 0) + (cookMinutes ?? 0)) }),
  };
}

/** A recipe page, so that search engines can show it as a recipe rich result. */
export function recipeJsonLd(
  recipe: RecipeJsonLdInput,
  shop: Pick<OrganizationInput, "brandName" | "publicUrl">,
): JsonLdObject {
  const url = absoluteUrl(shop.publicUrl, recipePath(recipe.slug));
  return {
    "@context": schemaOrg,
    "@type": "Recipe",
    name: recipe.title,
    description: recipe.introduction,
    url,
    image: [
      absoluteUrl(
        shop.publicUrl,
        recipe.photo ? largestImagePath(recipe.photo) : recipeImagePath(recipe.imageName),
      ),
    ],
    author: { "@type": "Organization", name: shop.brandName },
    datePublished: recipe.createdAt.toISOString().slice(0, 10),
    recipeCategory: goodForLabels[recipe.goodFor],
    keywords: [easeLabels[recipe.ease], easeTags[recipe.ease], ...recipe.otherTags].join(", "),
    ...durations(recipe),
    ...(recipe.servings === null ? {} : { recipeYield: `${recipe.servings} servings` }),
    recipeIngredient: recipe.ingredients,
    recipeInstructions: recipe.directions.map((text, index) => ({
      "@type": "HowToStep",
      position: index + 1,
      text,
      url: `${url}#step-${index + 1}`,
    })),
  };
}
