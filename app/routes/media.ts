import { imageVariantResponse } from "~server/content/images.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/media";

/** `/media/:imageKey/:file`: an uploaded picture at one width and format, cached for good. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return imageVariantResponse(
    shop(context).db,
    params.imageKey,
    params.file,
    request.headers.get("If-None-Match"),
  );
}
