import { shop } from "~server/http/context.server";
import { robotsTxt } from "~server/seo/robots.server";
import type { Route } from "./+types/robots";

/** `/robots.txt`. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(shop(context).config.publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
