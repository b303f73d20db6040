import type { Recipe } from "~core/recipes";

export interface RecipeSeed
  extends Omit<
      Recipe,
      "instagramLink" | "createdAt" | "photo" | "prepMinutes" | "cookMinutes" | "servings"
    >,
    Partial<Pick<Recipe, "prepMinutes" | "cookMinutes" | "servings">> {
  instagramLink?: string;
  /** ISO date; the recipes list shows the newest first. */
  createdAt: string;
}

export interface InfluencerSeed {
  slug: string;
  firstName: string;
  lastName: string;
  title: string;
  /** File name under public/images/people/. */
  imageFileName: string;
  heroQuote: string;
  storyQuote: string;
  couponCode: string;
}

export interface PromotionSeed {
  code: string;
  active: boolean;
  percentOff: number | null;
  amountOffCents: number | null;
}
