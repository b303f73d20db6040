import { Suspense } from "react";
import { Await } from "react-router";
import type { Route } from "~/routes/+types/academy.recipes";
import type { RecipeSummary } from "~core/recipes";
import { RecipeCard, RecipeCardPlaceholders } from "./RecipeCard";

function RecipeGrid({ recipes }: { recipes: RecipeSummary[] }) {
  if (recipes.length === 0) {
    return (
      <p className="rounded-3xl bg-parchment px-8 py-16 text-center font-serif text-2xl text-olive-950">
        There aren't any recipes available
      </p>
    );
  }
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {recipes.map((recipe, index) => (
        <RecipeCard key={recipe.slug} recipe={recipe} eager={index < 3} />
      ))}
    </ul>
  );
}

function RecipesLoading() {
  return (
    <div>
      <p role="status" className="mb-8 text-lg text-ink/80">
        Recipes are loading
      </p>
      <RecipeCardPlaceholders count={6} />
    </div>
  );
}

/** The recipe cards, 'Recipes are loading' while they stream in, or the empty state. */
export function RecipeList({ recipes }: Route.ComponentProps["loaderData"]) {
  return (
    <Suspense fallback={<RecipesLoading />}>
      <Await resolve={recipes}>{(loaded) => <RecipeGrid recipes={loaded} />}</Await>
    </Suspense>
  );
}
