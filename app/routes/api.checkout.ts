import { openCheckout } from "~server/checkout/open-checkout.server";
import { retryAfter } from "~server/http/rate-limit.server";
import { methodNotAllowed } from "~server/http/request-checks.server";
import type { Route } from "./+types/api.checkout";

/**
 * `POST /api/checkout` { items: [{ itemId, quantity }], localPickup, promoCode? } → { url } or
 * { error: { message, code } }. The server prices the cart itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { result, cookies } = await openCheckout(request, context, await request.json());
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!result.ok && result.status === 429) {
    headers.set("Retry-After", retryAfter(result.retryAfterSeconds));
  }
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers });
  return Response.json({ url: result.url }, { headers });
}

export function loader() {
  return methodNotAllowed("POST");
}
