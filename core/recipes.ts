/** What a recipe is, and what the shop knows about one without asking the database. */
import type { BottleId } from "./catalog";
import type { StoredImage } from "./images";

export const easeLabels = {
  1: "Super easy",
  2: "Fairly easy",
  3: "Not so easy",
  4: "Difficult",
} as const;

/** The one-word form of each ease, as used in hashtags and keywords. */
export const easeTags = {
  1: "SuperEasy",
  2: "FairlyEasy",
  3: "NotSoEasy",
  4: "Difficult",
} as const;

export const goodForLabels = {
  1: "Breakfast",
  2: "Lunch",
  3: "Dinner",
  4: "Snack",
  5: "Side",
} as const;

/** Ease of a recipe: 1 Super easy, 2 Fairly easy, 3 Not so easy, 4 Difficult. */
export type RecipeEase = keyof typeof easeLabels;
/** What a recipe is good for: 1 Breakfast, 2 Lunch, 3 Dinner, 4 Snack, 5 Side. */
export type RecipeGoodFor = keyof typeof goodForLabels;

export function isRecipeEase(value: number): value is RecipeEase {
  return Object.hasOwn(easeLabels, value);
}

export function isRecipeGoodFor(value: number): value is RecipeGoodFor {
  return Object.hasOwn(goodForLabels, value);
}

/** What a recipe card shows. */
export interface RecipeSummary {
  slug: string;
  title: string;
  introduction: string;
  /** File name under public/images/recipes/: the illustration shown when there is no photo. */
  imageName: string;
  /** An uploaded photo, shown in place of the illustration. */
  photo: StoredImage | null;
  ease: RecipeEase;
  goodFor: RecipeGoodFor;
  /** The list shows the newest first. */
  createdAt: Date;
}

/** A whole recipe, as its page shows it. */
export interface Recipe extends RecipeSummary {
  ingredients: string[];
  directions: string[];
  /** The bottles it is cooked or finished with. */
  oliveOils: BottleId[];
  otherTags: string[];
  instagramLink: string | null;
  prepMinutes: number | null;
  cookMinutes: number | null;
  servings: number | null;
}

/** A recipe is public once the owner publishes it; a draft is seen only in the back office. */
export const recipeStatuses = ["draft", "published"] as const;
export type RecipeStatus = (typeof recipeStatuses)[number];

export const recipeStatusLabels = {
  draft: "Draft",
  published: "Published",
} as const satisfies Record<RecipeStatus, string>;

/** What the editor changes of a recipe: everything its page shows, the photo by its id. */
export type RecipeContent = Omit<Recipe, "imageName" | "photo" | "createdAt"> & {
  imageId: number | null;
};

/** How long a slug may be, and the word it is when a title has no letter or digit to give. */
export interface SlugRule {
  maxLength: number;
  fallback: string;
}

const recipeSlugRule: SlugRule = { maxLength: 120, fallback: "recipe" };

/** The slug a title gives: its letters and digits, lower case, joined by hyphens. */
export function slugFromTitle(title: string, rule: SlugRule = recipeSlugRule): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const slug = (words ?? [rule.fallback]).join("-").slice(0, rule.maxLength);
  return slug.replace(/-+$/, "") || rule.fallback;
}

/** `slug`, or `slug-2`, `slug-3`… : the first that `taken` does not hold. */
export function uniqueSlug(
  slug: string,
  taken: ReadonlySet<string>,
  rule: SlugRule = recipeSlugRule,
): string {
  if (!taken.has(slug)) return slug;
  for (let suffix = 2; ; suffix += 1) {
    const stem = slug.slice(0, rule.maxLength - String(suffix).length - 1).replace(/-+$/, "");
    const candidate = `${stem}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Lower-case words joined by single hyphens, as every recipe slug is written. */
const recipeSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isRecipeSlug(value: string): boolean {
  return value.length <= recipeSlugRule.maxLength && recipeSlugPattern.test(value);
}

/** Recipe illustrations are 800×600. */
const recipeImageSize = { width: 800, height: 600 } as const;

export function recipeImagePath(imageName: string): string {
  return `/images/recipes/${encodeURIComponent(imageName)}`;
}

/** A recipe's illustration with its size; `alt` is empty where the title is already beside it. */
export function recipeImage(recipe: Pick<RecipeSummary, "imageName">, alt: string) {
  return { src: recipeImagePath(recipe.imageName), alt, ...recipeImageSize };
}

export function recipePath(slug: string): string {
  return `/academy/recipes/${slug}`;
}
