import { easeLabels, goodForLabels, type RecipeEase, type RecipeGoodFor } from "~core/recipes";

export function Tag({ children }: { children: string }) {
  return (
    <li className="rounded-full bg-olive-100 px-3 py-1 text-xs font-semibold tracking-wide text-olive-800">
      {children}
    </li>
  );
}

/** A recipe's ease and meal type, as tags. */
export function RecipeTags({ ease, goodFor }: { ease: RecipeEase; goodFor: RecipeGoodFor }) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      <Tag>{goodForLabels[goodFor]}</Tag>
      <Tag>{easeLabels[ease]}</Tag>
    </ul>
  );
}
