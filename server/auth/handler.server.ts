import { authHeaders } from "./auth.server";
import type { AuthServices } from "./context.server";

/**
 * Passes a request to Better Auth's own endpoints. Only the OAuth callbacks are routed here:
 * every other step goes through the shop's actions, which apply the shop's rate limits.
 */
export function handleAuthRequest(
  services: Pick<AuthServices, "auth" | "clientIp">,
  request: Request,
): Promise<Response> {
  const forwarded = new Request(request.url, {
    method: request.method,
    headers: authHeaders(request.headers, services.clientIp),
  });
  return services.auth.handler(forwarded);
}
