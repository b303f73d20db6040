/** The recipe editor's form: its fields as typed, their limits, and what they make. */
import { type BottleId, bottleIds } from "../catalog";
import {
  isRecipeEase,
  isRecipeGoodFor,
  isRecipeSlug,
  type RecipeContent,
  slugFromTitle,
} from "../recipes";

/** The fields the page counts characters of, with their limits. */
export const recipeTextLimits = { title: 90, introduction: 700 } as const;

export const recipeFormMessages = {
  title: `Please enter a title of at most ${recipeTextLimits.title} characters`,
  slug: "Please use lower-case letters, digits and single hyphens (up to 120)",
  slugTaken: "Another recipe already has this address",
  introduction: `Please enter an introduction of at most ${recipeTextLimits.introduction} characters`,
  ingredients: "Please list at least one ingredient, one a line",
  directions: "Please list at least one step, one a line",
  ease: "Please choose how easy it is",
  goodFor: "Please choose what it is good for",
  instagramLink:
    "Please enter an Instagram address (https://www.instagram.com/…) or leave it empty",
  minutes: "Please enter whole minutes from 0 to 1440, or leave it empty",
  servings: "Please enter a number of servings from 1 to 100, or leave it empty",
} as const;

export const recipeTextFields = [
  "title",
  "slug",
  "introduction",
  "ingredients",
  "directions",
  "otherTags",
  "instagramLink",
  "prepMinutes",
  "cookMinutes",
  "servings",
  "ease",
  "goodFor",
] as const;

export type RecipeTextField = (typeof recipeTextFields)[number];

/** The form as typed: every field as text, the oils as the boxes ticked. */
export type RecipeFormValues = Record<RecipeTextField, string> & { oliveOils: string[] };

export type RecipeFieldErrors = Partial<Record<RecipeTextField, string>>;

/** What a posted form typed. */
export function recipeFormValues(form: FormData): RecipeFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(recipeTextFields.map((name) => [name, text(name)]));
  return {
    ...(values as Record<RecipeTextField, string>),
    oliveOils: form.getAll("oliveOils").filter((value) => typeof value === "string"),
  };
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The form's values of a recipe's content, for the editor to show. */
export function recipeFormOf(content: RecipeContent): RecipeFormValues {
  const number = (value: number | null) => (value === null ? "" : String(value));
  return {
    title: content.title,
    slug: content.slug,
    introduction: content.introduction,
    ingredients: content.ingredients.join("\n"),
    directions: content.directions.join("\n"),
    otherTags: content.otherTags.join(", "),
    instagramLink: content.instagramLink ?? "",
    prepMinutes: number(content.prepMinutes),
    cookMinutes: number(content.cookMinutes),
    servings: number(content.servings),
    ease: String(content.ease),
    goodFor: String(content.goodFor),
    oliveOils: content.oliveOils,
  };
}

function wholeNumber(text: string, min: number, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

const instagramPattern = /^https:\/\/(www\.)?instagram\.com\/[A-Za-z0-9_./?=&-]*$/;

export type RecipeFormResult =
  | { ok: true; content: Omit<RecipeContent, "imageId"> }
  | { ok: false; fieldErrors: RecipeFieldErrors };

/** The content a form makes, or what to correct. An empty slug is derived from the title. */
export function readRecipeForm(values: RecipeFormValues): RecipeFormResult {
  const errors: RecipeFieldErrors = {};
  const title = values.title.trim();
  if (title === "" || title.length > recipeTextLimits.title)
    errors.title = recipeFormMessages.title;
  const slug = values.slug.trim() === "" ? slugFromTitle(title) : values.slug.trim();
  if (!isRecipeSlug(slug)) errors.slug = recipeFormMessages.slug;
  const introduction = values.introduction.trim();
  if (introduction.length > recipeTextLimits.introduction) {
    errors.introduction = recipeFormMessages.introduction;
  }
  const ingredients = lines(values.ingredients);
  const directions = lines(values.directions);
  const ease = Number(values.ease);
  const goodFor = Number(values.goodFor);
  if (!isRecipeEase(ease)) errors.ease = recipeFormMessages.ease;
  if (!isRecipeGoodFor(goodFor)) errors.goodFor = recipeFormMessages.goodFor;
  const instagramLink = values.instagramLink.trim();
  if (instagramLink !== "" && !instagramPattern.test(instagramLink)) {
    errors.instagramLink = recipeFormMessages.instagramLink;
  }
  const prepMinutes = wholeNumber(values.prepMinutes, 0, 1440);
  const cookMinutes = wholeNumber(values.cookMinutes, 0, 1440);
  const servings = wholeNumber(values.servings, 1, 100);
  if (prepMinutes === undefined) errors.prepMinutes = recipeFormMessages.minutes;
  if (cookMinutes === undefined) errors.cookMinutes = recipeFormMessages.minutes;
  if (servings === undefined) errors.servings = recipeFormMessages.servings;
  if (
    Object.keys(errors).length > 0 ||
    !isRecipeEase(ease) ||
    !isRecipeGoodFor(goodFor) ||
    prepMinutes === undefined ||
    cookMinutes === undefined ||
    servings === undefined
  ) {
    return { ok: false, fieldErrors: errors };
  }
  const oliveOils = bottleIds.filter((id: BottleId) => values.oliveOils.includes(id));
  const otherTags = values.otherTags
    .split(/[,\n]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  return {
    ok: true,
    content: {
      title,
      slug,
      introduction,
      ease,
      goodFor,
      ingredients,
      directions,
      oliveOils,
      otherTags,
      instagramLink: instagramLink === "" ? null : instagramLink,
      prepMinutes,
      cookMinutes,
      servings,
    },
  };
}

/** What publishing needs beyond a well-formed draft: an introduction, ingredients, steps. */
export function publishProblems(content: RecipeContent): RecipeFieldErrors {
  return {
    ...(content.introduction === "" ? { introduction: recipeFormMessages.introduction } : {}),
    ...(content.ingredients.length === 0 ? { ingredients: recipeFormMessages.ingredients } : {}),
    ...(content.directions.length === 0 ? { directions: recipeFormMessages.directions } : {}),
  };
}
