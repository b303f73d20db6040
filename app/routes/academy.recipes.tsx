import { AcademyHeader } from "~/components/academy/AcademyHeader";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { RecipeList } from "~/components/recipes/RecipeList";
import { listRecipes } from "~server/content/recipes.server";
import { shop } from "~server/http/context.server";
import { streamsAfterPage } from "~server/http/streaming.server";
import type { Route } from "./+types/academy.recipes";

export const handle: RouteHandle = { navbar: "academy" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Recipes",
    description: "Recipes from our kitchen that let good olive oil shine.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const recipes = listRecipes(shop(context).db);
  // In-app navigations show the page at once and stream the list; documents come complete.
  return { recipes: streamsAfterPage(request) ? recipes : await recipes };
}

export default function AcademyRecipesPage({ loaderData }: Route.ComponentProps) {
  useEngagementTracking();
  return (
    <>
      <AcademyHeader eyebrow="Academy · Recipes" title="Recipes" image={scenes.table}>
        <p>
          What we cook at home: quick breakfasts, long lunches, dinners for a crowd. Each recipe
          says which of our oils to cook with and which to pour at the table.
        </p>
      </AcademyHeader>
      <section aria-label="All recipes" className="container-page py-16">
        <RecipeList {...loaderData} />
      </section>
    </>
  );
}
