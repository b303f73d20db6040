import { data, Link } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { RecipeDetail } from "~/components/recipes/RecipeArticle";
import { CatalogProvider } from "~/components/storefront/catalog";
import { readCatalog } from "~server/catalog/catalog.server";
import { recipePreview } from "~server/content/recipe-editor.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.recipe-preview";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, db } = shop(context);
  const id = /^\d{1,9}$/.test(params.recipeId) ? Number(params.recipeId) : null;
  const [recipe, catalog] = await Promise.all([
    id === null ? null : recipePreview(db, id),
    readCatalog(db),
  ]);
  if (id === null || !recipe) throw data("There is no such recipe", { status: 404 });
  return data(
    { id, recipe, catalog, site: { brandName: config.brandName, publicUrl: config.publicUrl } },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

/** The draft as its public page will show it once published. */
export default function RecipePreviewPage({ loaderData }: Route.ComponentProps) {
  const { id, recipe, catalog, site } = loaderData;
  return (
    <div className="space-y-4">
      <p
        role="note"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gold-500 bg-cream px-4 py-3"
      >
        <span>Preview of the draft: this is how the page will look once published.</span>
        <Link to={`/admin/recipes/${id}`} className="font-semibold underline underline-offset-4">
          Back to the editor
        </Link>
      </p>
      <div className="overflow-hidden rounded-xl bg-cream ring-1 ring-olive-200">
        <CatalogProvider catalog={catalog}>
          <RecipeDetail recipe={recipe} site={site} />
        </CatalogProvider>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Recipe preview"
      failure="The preview could not be made. Please try again in a moment."
    />
  );
}
