/**
 * `POST /api/checkout` { items: [{ itemId, quantity }], localPickup, promoCode? } →
 * { url } or { error: { message, code } }. The server prices the cart itself.
 */
import { data } from "react-router";
import { checkoutMessages } from "~/core/checkout";
import { readAccess } from "~server/access";
import { readAffiliate } from "~server/affiliate";
import { currentSession } from "~server/auth/session";
import { rememberCheckoutSession } from "~server/checkout/cookies";
import { cancelUrlFrom, createCheckout } from "~server/checkout/create";
import { accountPaymentCustomerId } from "~server/customers/users";
import { shop } from "~server/http/context";
import { readJsonBody } from "~server/http/json-body";
import type { Route } from "./+types/api.checkout";

const invalid = (status: number) =>
  data(
    { error: { code: "invalid_request", message: checkoutMessages.invalidRequest } },
    { status },
  );

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return invalid(405);
  // JSON only: a cross-site form cannot send it without the browser asking first.
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) return invalid(415);
  const services = shop(context);
  const user = currentSession(context)?.user ?? null;
  // A signed-in shopper's order joins the account, paid as the account's payment customer.
  const customer = user && {
    userId: user.id,
    email: user.email,
    paymentCustomerId: await accountPaymentCustomerId(services.db, user.id),
  };
  const access = await readAccess(request, context);
  const result = await createCheckout(services, {
    customer,
    restaurantMode: access.restaurant,
    body: await readJsonBody(request, 16 * 1024),
    clientIp: services.clientIp,
    cancelUrl: cancelUrlFrom(request.headers.get("Referer"), services.config.publicUrl),
    affiliate: readAffiliate(request),
  });
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const cookie = await rememberCheckoutSession(request, services, result.sessionId);
  return data({ url: result.url }, { headers: { "Set-Cookie": cookie } });
}
