import { authServices } from "~server/auth/context.server";
import { handleAuthRequest } from "~server/auth/handler.server";
import type { Route } from "./+types/api.auth.callback";

/** Google and Facebook return the shopper here; Better Auth completes the sign-in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(authServices(context), request);
}
