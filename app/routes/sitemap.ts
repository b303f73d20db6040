import { shop } from "~server/http/context.server";
import { sitemapEntries, sitemapXml } from "~server/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

/** `/sitemap.xml`: every public page and recipe. */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = shop(context);
  const xml = sitemapXml(config.publicUrl, await sitemapEntries(db));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
