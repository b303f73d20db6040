import type { ReactNode } from "react";
import { Link } from "react-router";
import { easeLabels, goodForLabels, type Recipe } from "~core/recipes";
import { LazyShareButtons } from "../share/LazyShareButtons";
import type { SharedContent } from "../share/share-links";
import { useCatalog } from "../storefront/catalog";
import { Tag } from "./RecipeTags";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="border-b border-olive-200 py-4 first:pt-0 last:border-0 last:pb-0">
      <dt className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">{term}</dt>
      <dd className="mt-2">{children}</dd>
    </div>
  );
}

/** Good for, ease, the oils used (linking to their bottles), other tags and sharing. */
export function RecipeSidebar({
  recipe,
  share,
}: {
  recipe: Pick<Recipe, "ease" | "goodFor" | "oliveOils" | "otherTags">;
  share: SharedContent;
}) {
  const catalog = useCatalog();
  return (
    <aside
      aria-label="About this recipe"
      className="h-fit rounded-3xl bg-parchment p-7 lg:sticky lg:top-6"
    >
      <dl>
        <Fact term="Good for">{goodForLabels[recipe.goodFor]}</Fact>
        <Fact term="Ease">{easeLabels[recipe.ease]}</Fact>
        {recipe.oliveOils.length > 0 ? (
          <Fact term="Olive oils used">
            <ul className="flex flex-col">
              {recipe.oliveOils.map((bottle) => (
                <li key={bottle}>
                  <Link
                    to={`/our-olive-oils#${bottle}`}
                    className="inline-flex min-h-11 items-center font-semibold text-olive-900 underline decoration-gold-500 underline-offset-4 hover:text-olive-700"
                  >
                    {catalog[bottle].name}
                  </Link>
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
        {recipe.otherTags.length > 0 ? (
          <Fact term="Other tags">
            <ul className="flex flex-wrap gap-2">
              {recipe.otherTags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </ul>
          </Fact>
        ) : null}
        <Fact term="Share">
          <LazyShareButtons {...share} />
        </Fact>
      </dl>
    </aside>
  );
}
