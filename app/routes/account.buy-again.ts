import { redirect } from "react-router";
import { requireUser } from "~server/auth/session.server";
import { shop } from "~server/http/context.server";
import { setFlash } from "~server/http/flash.server";
import { methodNotAllowed, notFound } from "~server/http/request-checks.server";
import { buyAgainIntoCartCookie } from "~server/orders/buy-again.server";
import type { Route } from "./+types/account.buy-again";

/**
 * The orders tab's 'Buy again' posted as a form, before the page's scripts ran or without them:
 * the signed-in customer's order goes into the cart's cookie, and the cart page shows it with
 * what was added. Anyone else's order, or none, is not found. Once the scripts run, the page
 * adds the order to its own cart instead and posts nothing.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const services = shop(context);
  const outcome = await buyAgainIntoCartCookie(services, request, user.id, params.orderId);
  if (!outcome.ok) return notFound("There is no such order");
  const headers = new Headers();
  headers.append("Set-Cookie", outcome.setCookie);
  headers.append("Set-Cookie", setFlash(services, outcome.message));
  return redirect("/cart", { status: 303, headers });
}

export function loader() {
  return methodNotAllowed("POST");
}
