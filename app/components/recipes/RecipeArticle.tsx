import { type ReactNode, Suspense } from "react";
import { Await, Link } from "react-router";
import type { Route } from "~/routes/+types/academy.recipe";
import { recipeJsonLd } from "~core/recipe-structured-data";
import { easeTags, goodForLabels, type Recipe, recipeImage, recipePath } from "~core/recipes";
import { absoluteUrl } from "~core/structured-data";
import { Illustration } from "../academy/Illustration";
import { Picture } from "../media/Picture";
import { JsonLd } from "../seo/JsonLd";
import { RecipeSidebar } from "./RecipeSidebar";
import { RecipeTags } from "./RecipeTags";

/** What the recipe page's loader sends: the recipe (or its promise) and the shop it belongs to. */
type LoaderData = Route.ComponentProps["loaderData"];
/** The shop's name and address, which the recipe's structured data names. */
type RecipeSite = LoaderData["site"];

function BackLink() {
  return (
    <Link
      to="/academy/recipes"
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-olive-900 hover:underline"
    >
      <span aria-hidden="true">←</span> Back to recipes
    </Link>
  );
}

const pictureClass = "aspect-[4/3] w-full rounded-3xl object-cover shadow-lg shadow-olive-950/10";

function RecipeIntro({ recipe }: { recipe: Recipe }) {
  return (
    <header className="bg-parchment">
      <div className="container-page grid items-center gap-10 pt-6 pb-14 lg:grid-cols-[1fr_1.1fr]">
        <div>
          <BackLink />
          <div className="mt-6">
            <RecipeTags ease={recipe.ease} goodFor={recipe.goodFor} />
          </div>
          <h1 className="mt-4 text-4xl leading-tight sm:text-5xl">{recipe.title}</h1>
          <p className="mt-6 max-w-prose text-lg leading-relaxed text-ink/85">
            {recipe.introduction}
          </p>
          {recipe.instagramLink ? (
            <a
              href={recipe.instagramLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex min-h-11 items-center gap-2 font-semibold text-olive-900 underline decoration-gold-500 underline-offset-4"
            >
              See this recipe on Instagram
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        {recipe.photo ? (
          <Picture
            image={recipe.photo}
            sizes="(min-width: 1024px) 36rem, 100vw"
            load="priority"
            className={pictureClass}
          />
        ) : (
          <Illustration
            image={recipeImage(recipe, recipe.title)}
            load="priority"
            className={pictureClass}
          />
        )}
      </div>
    </header>
  );
}

/** A recipe's lines with their position, which is what identifies a step ("step 3"). */
function numbered(lines: string[]) {
  return lines.map((text, index) => ({ number: index + 1, text }));
}

function RecipeSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Ingredients({ items }: { items: string[] }) {
  return (
    <RecipeSection title="Ingredients">
      <ul className="mt-6 space-y-3">
        {numbered(items).map((item) => (
          <li key={item.number} className="flex gap-3 leading-relaxed">
            <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-gold-500" />
            {item.text}
          </li>
        ))}
      </ul>
    </RecipeSection>
  );
}

function Directions({ steps }: { steps: string[] }) {
  return (
    <RecipeSection title="Directions">
      <ol className="mt-6 space-y-6">
        {numbered(steps).map((step) => (
          <li key={step.number} id={`step-${step.number}`} className="flex gap-4 leading-relaxed">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-olive-900 font-serif text-cream"
            >
              {step.number}
            </span>
            <p className="pt-1">{step.text}</p>
          </li>
        ))}
      </ol>
    </RecipeSection>
  );
}

/** A recipe as its page shows it (the back office previews drafts with it too). */
export function RecipeDetail({ recipe, site }: { recipe: Recipe; site: RecipeSite }) {
  const share = {
    url: absoluteUrl(site.publicUrl, recipePath(recipe.slug)),
    text: `${recipe.title}, a recipe from the ${site.brandName} Academy`,
    hashtags: [easeTags[recipe.ease], goodForLabels[recipe.goodFor]],
  };
  return (
    <article>
      <JsonLd data={import.meta.env.SSR ? recipeJsonLd(recipe, site) : null} />
      <RecipeIntro recipe={recipe} />
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-14">
          <Ingredients items={recipe.ingredients} />
          <Directions steps={recipe.directions} />
        </div>
        <RecipeSidebar recipe={recipe} share={share} />
      </div>
    </article>
  );
}

function RecipeNotFound() {
  return (
    <section className="container-page flex flex-col items-start gap-5 py-24">
      <p className="eyebrow">Not found</p>
      <h1 className="text-4xl sm:text-5xl">We couldn't find that recipe</h1>
      <p className="max-w-prose text-lg text-ink/85">
        It may have been renamed or taken off the menu. Our other recipes are still here.
      </p>
      <Link to="/academy/recipes" className="btn-primary">
        Back to recipes
      </Link>
    </section>
  );
}

function RecipeLoading() {
  return (
    <section className="container-page py-24">
      <p role="status" className="text-lg text-ink/80">
        Recipe loading
      </p>
      <div aria-hidden="true" className="mt-8 grid gap-10 lg:grid-cols-2">
        <div className="space-y-4">
          <div className="h-12 w-3/4 animate-pulse rounded bg-olive-100" />
          <div className="h-32 animate-pulse rounded bg-olive-100" />
        </div>
        <div className="aspect-[4/3] animate-pulse rounded-3xl bg-olive-100" />
      </div>
    </section>
  );
}

/**
 * A recipe page's content: the recipe, 'Recipe loading' while it streams in, or the not-found
 * state when there is no such recipe.
 */
export function RecipeArticle({ recipe, site }: LoaderData) {
  return (
    <Suspense fallback={<RecipeLoading />}>
      <Await resolve={recipe}>
        {(found) => (found ? <RecipeDetail recipe={found} site={site} /> : <RecipeNotFound />)}
      </Await>
    </Suspense>
  );
}
