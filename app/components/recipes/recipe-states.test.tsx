import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { specCatalog } from "~core/catalog";
import type { Recipe } from "~core/recipes";
import { CatalogProvider } from "../storefront/catalog";
import { RecipeArticle } from "./RecipeArticle";
import { RecipeList } from "./RecipeList";

const site = { brandName: "Troia Grove", publicUrl: "https://troiagrove.example" };

const recipe: Recipe = {
  slug: "summer-tomato-bread",
  title: "Summer Tomato Bread",
  introduction: "Grated tomato on grilled bread.",
  imageName: "summer-tomato-bread.svg",
  ease: 1,
  goodFor: 4,
  ingredients: ["2 ripe tomatoes", "4 slices bread"],
  directions: ["Grill the bread.", "Grate the tomatoes over it."],
  oliveOils: ["privateReserve"],
  otherTags: ["Vegan"],
  instagramLink: null,
  createdAt: new Date("2025-07-18T12:00:00Z"),
  photo: null,
  prepMinutes: null,
  cookMinutes: null,
  servings: null,
};

/** A promise that never settles: the state of data still on its way. */
const pending = <T,>() => new Promise<T>(() => {});

function render(element: React.ReactNode): string {
  return renderToString(
    <MemoryRouter>
      <CatalogProvider catalog={specCatalog}>{element}</CatalogProvider>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, "");
}

describe("RecipeList", () => {
  it("says the recipes are loading while they stream in", () => {
    expect(render(<RecipeList recipes={pending()} />)).toContain("Recipes are loading");
  });

  it("says there are none when the list is empty", () => {
    const html = render(<RecipeList recipes={[]} />);
    expect(html).toContain("There aren&#x27;t any recipes available");
    expect(html).not.toContain("Recipes are loading");
  });

  it("shows a card with tags and a link for each recipe", () => {
    const html = render(
      <RecipeList recipes={[recipe, { ...recipe, slug: "other", title: "Other" }]} />,
    );
    expect(html).toContain('href="/academy/recipes/summer-tomato-bread"');
    expect(html).toContain('href="/academy/recipes/other"');
    expect(html).toContain("Snack");
    expect(html).toContain("Super easy");
  });
});

describe("RecipeArticle", () => {
  it("says the recipe is loading while it streams in", () => {
    expect(render(<RecipeArticle recipe={pending()} site={site} />)).toContain("Recipe loading");
  });

  it("shows the not-found state with a link back when there is no such recipe", () => {
    const html = render(<RecipeArticle recipe={null} site={site} />);
    expect(html).toContain("We couldn&#x27;t find that recipe");
    expect(html).toContain('href="/academy/recipes"');
  });

  it("shows the recipe with numbered steps and its JSON-LD", () => {
    const html = render(<RecipeArticle recipe={recipe} site={site} />);
    expect(html).toContain("<h1");
    expect(html).toContain('id="step-2"');
    expect(html).toContain('href="/our-olive-oils#privateReserve"');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? "null")).toMatchObject({ "@type": "Recipe", name: recipe.title });
  });
});
