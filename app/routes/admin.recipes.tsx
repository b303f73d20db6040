import { data, redirect } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { RecipesAdmin } from "~/components/admin/RecipesAdmin";
import { recipeFormMessages, recipeTextLimits } from "~core/admin/recipe-form";
import { intentOf, recipeIntents, unknownIntentMessage } from "~core/form-intent";
import { currentStaff } from "~server/admin/staff-gate.server";
import { createRecipe, staffRecipeList } from "~server/content/recipe-editor.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.recipes";

export async function loader({ context }: Route.LoaderArgs) {
  return data(
    { recipes: await staffRecipeList(shop(context).db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A new recipe starts as a draft with its title; the editor opens on it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (intentOf(form, recipeIntents) !== recipeIntents.create) {
    return data({ title: "", error: unknownIntentMessage }, 400);
  }
  const typed = form.get("title");
  const title = typeof typed === "string" ? typed.trim() : "";
  if (title === "" || title.length > recipeTextLimits.title) {
    return data({ title, error: recipeFormMessages.title }, 400);
  }
  const created = await createRecipe(shop(context).db, currentStaff(context), title);
  throw redirect(`/admin/recipes/${created.id}`);
}

export default function RecipesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RecipesAdmin {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Recipes"
      message="The recipes could not be loaded. Please try again in a moment."
    />
  );
}
