import { data, redirect } from "react-router";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { RecipeArticle } from "~/components/recipes/RecipeArticle";
import { isRecipeSlug, recipePath } from "~core/recipes";
import { titleCaseSlug } from "~core/text";
import { findRecipeBySlug, movedRecipeSlug } from "~server/content/recipes.server";
import { shop } from "~server/http/context.server";
import { streamsAfterPage } from "~server/http/streaming.server";
import type { Route } from "./+types/academy.recipe";

export const handle: RouteHandle = { navbar: "academy" };

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const recipe = loaderData?.recipe;
  if (recipe === null || recipe === undefined) {
    return pageMeta(matches, { title: "Recipe Not Found", noIndex: true });
  }
  return pageMeta(matches, {
    title: titleCaseSlug(params.recipeSlug),
    description: recipe instanceof Promise ? undefined : recipe.introduction,
    type: "article",
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { config, db } = shop(context);
  const slug = params.recipeSlug;
  const site = { brandName: config.brandName, publicUrl: config.publicUrl };
  if (!isRecipeSlug(slug)) return data({ recipe: null, site }, { status: 404 });
  const found = findRecipeBySlug(db, slug);
  // In-app navigations show 'Recipe loading' at once; documents come complete, with a 404 status
  // for an unknown recipe. A slug the recipe had before answers 301 to its current one.
  if (streamsAfterPage(request)) {
    const moved = await movedRecipeSlug(db, slug);
    if (moved) throw redirect(recipePath(moved), 301);
    return data({ recipe: found, site });
  }
  const recipe = await found;
  if (recipe) return data({ recipe, site });
  const moved = await movedRecipeSlug(db, slug);
  if (moved) throw redirect(recipePath(moved), 301);
  return data({ recipe, site }, { status: 404 });
}

export default function RecipePage({ loaderData }: Route.ComponentProps) {
  useEngagementTracking();
  return <RecipeArticle {...loaderData} />;
}
