import { handleAuthRequest } from "~server/auth/handler.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/api.auth.callback";

/** Google and Facebook return the shopper here; Better Auth completes the sign-in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(shop(context), request);
}
