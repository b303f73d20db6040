import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { RecipeEditor } from "~/components/admin/RecipesAdmin";
import {
  type RecipeFieldErrors,
  readRecipeForm,
  recipeFormOf,
  recipeFormValues,
} from "~core/admin/recipe-form";
import { bottleIds } from "~core/catalog";
import { intentOf, recipeIntents, unknownIntentMessage } from "~core/form-intent";
import { recipePath } from "~core/recipes";
import { canManageStaff } from "~core/staff";
import { currentStaff } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { readCatalog } from "~server/catalog/catalog.server";
import { storeUploadedImage } from "~server/content/images.server";
import {
  publishRecipe,
  recipeEditorView,
  saveRecipeDraft,
  unpublishRecipe,
} from "~server/content/recipe-editor.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.recipe";

const missing = () => data("There is no such recipe", { status: 404 });

/** The recipe's id from the address; a recipe that does not exist is 404. */
function recipeId(param: string): number {
  if (!/^\d{1,9}$/.test(param)) throw missing();
  return Number(param);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = shop(context);
  const [view, catalog] = await Promise.all([
    recipeEditorView(services.db, recipeId(params.recipeId)),
    readCatalog(services.db),
  ]);
  if (!view) throw missing();
  return data(
    {
      ...view,
      oils: bottleIds.map((id) => ({ id, name: catalog[id].name })),
      form: recipeFormOf(view.content),
      publicPath: view.publishedSlug ? recipePath(view.publishedSlug) : null,
      canPublish: canManageStaff(currentStaff(context).role),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type Refusal = {
  values: ReturnType<typeof recipeFormValues> | null;
  fieldErrors: RecipeFieldErrors;
  photoErrors: { file?: string; alt?: string };
  message: string | null;
  savedAt: string | null;
};

const refusal = (fields: Partial<Refusal>, status: number) =>
  data<Refusal>(
    { values: null, fieldErrors: {}, photoErrors: {}, message: null, savedAt: null, ...fields },
    status,
  );

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const staff = currentStaff(context);
  const id = recipeId(params.recipeId);
  const here = `/admin/recipes/${id}`;
  const form = await request.formData();
  const intent = intentOf(form, recipeIntents);
  if (intent === recipeIntents.save) {
    const values = recipeFormValues(form);
    const parsed = readRecipeForm(values);
    if (!parsed.ok) return refusal({ values, fieldErrors: parsed.fieldErrors }, 400);
    const saved = await saveRecipeDraft(services.db, staff, id, parsed.content);
    if ("missing" in saved) throw missing();
    if (!saved.ok) return refusal({ values, fieldErrors: saved.fieldErrors }, 409);
    // The autosave asks with a data request and stays on the page; a plain form comes back to it.
    if (form.get("autosave") === "on") {
      return data<Refusal>({
        values: null,
        fieldErrors: {},
        photoErrors: {},
        message: null,
        savedAt: new Date().toISOString(),
      });
    }
    return redirectWithAlert(services, here, [], "Draft saved");
  }
  if (intent === recipeIntents.uploadPhoto) {
    const stored = await storeUploadedImage(services.db, staff, {
      file: form.get("photo"),
      alt: form.get("alt"),
    });
    if (!stored.ok) return refusal({ photoErrors: stored.fieldErrors }, 400);
    const view = await recipeEditorView(services.db, id);
    if (!view) throw missing();
    await saveRecipeDraft(services.db, staff, id, { ...view.content, imageId: stored.imageId });
    return redirectWithAlert(services, here, [], "Photo added to the draft");
  }
  if (intent === recipeIntents.publish || intent === recipeIntents.unpublish) {
    if (!canManageStaff(staff.role)) {
      return refusal({ message: "Only the owner publishes recipes" }, 403);
    }
    const change =
      intent === recipeIntents.publish
        ? await publishRecipe(services.db, staff, id)
        : await unpublishRecipe(services.db, staff, id);
    if ("missing" in change) throw missing();
    if (!change.ok) {
      return refusal(
        { fieldErrors: change.fieldErrors, message: "Please complete the draft before publishing" },
        409,
      );
    }
    const words = intent === recipeIntents.publish ? "Recipe published" : "Recipe unpublished";
    return redirectWithAlert(services, here, [], words);
  }
  return refusal({ message: unknownIntentMessage }, 400);
}

export default function RecipeEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RecipeEditor {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Recipe"
      failure="The recipe could not be loaded. Please try again in a moment."
    />
  );
}
