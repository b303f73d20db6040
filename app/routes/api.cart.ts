import { saveSentCart } from "~server/cart/cart-cookie.server";
import { shop } from "~server/http/context.server";
import { methodNotAllowed } from "~server/http/request-checks.server";
import type { Route } from "./+types/api.cart";

/**
 * `POST /api/cart` { counts, localPickup }: the page's scripts send the whole cart after each
 * change; it is kept in the same signed cookie as the forms'. 204, or 400 for what is not a cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const saved = await saveSentCart(request, shop(context).config);
  if (!saved.ok) {
    return new Response("This request is not valid", {
      status: 400,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(null, {
    status: 204,
    headers: { "Cache-Control": "no-store", "Set-Cookie": saved.setCookie },
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
