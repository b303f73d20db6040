import { absoluteUrl } from "~core/structured-data";

/** Pages that only make sense to one shopper, which search engines should not crawl. */
const privatePathPrefixes = [
  "/account",
  "/checkout",
  "/order-confirmation",
  "/create-account",
  "/cart",
  "/api/",
] as const;

/** `/robots.txt`: everything but the private pages, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    ...privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
