import { recipePath } from "~core/recipes";
import { absoluteUrl } from "~core/structured-data";
import { listRecipes } from "../content/recipes.server";
import type { Database } from "../db/client.server";

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/**
 * The pages anyone may find through a search engine. Left out: pages behind a sign-in or an
 * order (account, checkout, confirmation, create-account), the registration form, the
 * Instagram redirect, and community pages, which carry one person's offer for their friends.
 */
const publicPagePaths = [
  "/",
  "/our-story",
  "/our-olive-oils",
  "/become-a-member",
  "/holiday-collection",
  "/restaurants",
  "/academy",
  "/academy/health-benefits",
  "/academy/choosing-olive-oil",
  "/academy/recipes",
] as const;

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character);
}

/** A sitemaps.org document listing each entry under the shop's public address. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const location = `<loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>`;
    const modified = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : "";
    return `  <url>${location}${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Every public page and every recipe. */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const recipes = await listRecipes(db);
  return [
    ...publicPagePaths.map((path) => ({ path })),
    ...recipes.map((recipe) => ({ path: recipePath(recipe.slug), lastModified: recipe.createdAt })),
  ];
}
