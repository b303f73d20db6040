import { Link } from "react-router";
import { type RecipeSummary, recipeImage, recipePath } from "~core/recipes";
import { Illustration } from "../academy/Illustration";
import { Picture } from "../media/Picture";
import { RecipeTags } from "./RecipeTags";

/** A recipe in the list: image, tags, title (the link), introduction. */
export function RecipeCard({ recipe, eager }: { recipe: RecipeSummary; eager: boolean }) {
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-3xl bg-white/70 shadow-sm ring-1 ring-olive-200 transition-shadow hover:shadow-lg">
      {recipe.photo ? (
        <Picture
          image={recipe.photo}
          alt=""
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
          load={eager ? "eager" : "lazy"}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : (
        <Illustration
          image={recipeImage(recipe, "")}
          load={eager ? "eager" : "lazy"}
          className="aspect-[4/3] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <RecipeTags ease={recipe.ease} goodFor={recipe.goodFor} />
        <h2 className="text-2xl leading-snug">
          <Link
            to={recipePath(recipe.slug)}
            className="after:absolute after:inset-0 group-hover:underline group-hover:decoration-gold-500"
          >
            {recipe.title}
          </Link>
        </h2>
        <p className="line-clamp-3 leading-relaxed text-ink/80">{recipe.introduction}</p>
        <span aria-hidden="true" className="mt-auto pt-1 text-sm font-semibold text-olive-900">
          View recipe →
        </span>
      </div>
    </li>
  );
}

/** Grey cards in place of the list while it loads. */
export function RecipeCardPlaceholders({ count }: { count: number }) {
  return (
    <ul aria-hidden="true" className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity
        <li key={index} className="overflow-hidden rounded-3xl bg-white/50 ring-1 ring-olive-200">
          <div className="aspect-[4/3] animate-pulse bg-olive-100" />
          <div className="space-y-3 p-6">
            <div className="h-4 w-1/3 animate-pulse rounded bg-olive-100" />
            <div className="h-6 w-3/4 animate-pulse rounded bg-olive-100" />
            <div className="h-16 animate-pulse rounded bg-olive-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
