/**
 * `POST /api/checkout` { items: [{ itemId, quantity }], localPickup, promoCode? } →
 * { url } or { error: { message, code } }. The server prices the cart itself.
 *
 * Node serves it directly, ahead of Express and React Router: it is the shop's busiest write and
 * needs neither routing nor rendering (docs/decisions.md, "The checkout endpoint").
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type CheckoutError, checkoutMessages } from "~/core/checkout";
import { readAccessCookie } from "../access/access.server";
import { readAffiliate } from "../affiliate/affiliate.server";
import type { Auth } from "../auth/auth.server";
import { authHeaders } from "../auth/auth.server";
import { type CurrentSession, carriesSessionCookie, lookUpSession } from "../auth/session.server";
import { accountPaymentCustomerId } from "../customers/users.server";
import { readNodeJsonBody } from "../http/body.server";
import { clientAddress } from "../http/client-address.server";
import { isHttps } from "../http/cookies.server";
import { jsonContentSecurityPolicy, setSecurityHeaders } from "../http/security.server";
import { rememberCheckoutSession } from "./cookies.server";
import {
  type CheckoutServices,
  cancelUrlFrom,
  createCheckout,
  type SignedInCustomer,
} from "./create.server";

export const checkoutPath = "/api/checkout";

const maxBodyBytes = 16 * 1024;

export type CheckoutEndpointServices = CheckoutServices & { auth: Auth };

interface Answer {
  status: number;
  body: { url: string } | { error: CheckoutError };
  cookies: string[];
}

const refusal = (status: number, error: CheckoutError, cookies: string[] = []): Answer => ({
  status,
  body: { error },
  cookies,
});

const invalidRequest = (status: number) =>
  refusal(status, { code: "invalid_request", message: checkoutMessages.invalidRequest });

/** The request's headers as Fetch headers, for the auth library. */
function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const each of Array.isArray(value) ? value : [value]) {
      if (each !== undefined) headers.append(name, each);
    }
  }
  return headers;
}

/** The signed-in shopper, when the request carries a live session; its renewed cookies too. */
async function signedInShopper(
  services: CheckoutEndpointServices,
  req: IncomingMessage,
  clientIp: string,
): Promise<{ session: CurrentSession | null; cookies: string[] }> {
  // Guests send no session cookie and skip the auth library.
  if (!carriesSessionCookie(req.headers.cookie)) return { session: null, cookies: [] };
  return lookUpSession(services.auth, authHeaders(fetchHeaders(req), clientIp));
}

/** A signed-in shopper's order joins the account, paid as the account's payment customer. */
async function accountCustomer(
  services: CheckoutEndpointServices,
  session: CurrentSession | null,
): Promise<SignedInCustomer | null> {
  if (!session) return null;
  const { id, email } = session.user;
  return {
    userId: id,
    email,
    paymentCustomerId: await accountPaymentCustomerId(services.db, id),
  };
}

async function answer(services: CheckoutEndpointServices, req: IncomingMessage): Promise<Answer> {
  if (req.method !== "POST") return invalidRequest(405);
  // JSON only: a cross-site form cannot send it without the browser asking first.
  if (!req.headers["content-type"]?.startsWith("application/json")) return invalidRequest(415);
  const { config } = services;
  const clientIp = clientAddress(req, config.trustProxy);
  const cookieHeader = req.headers.cookie;
  const signedIn = await signedInShopper(services, req, clientIp);
  const [customer, body] = await Promise.all([
    accountCustomer(services, signedIn.session),
    readNodeJsonBody(req, maxBodyBytes),
  ]);
  const result = await createCheckout(services, {
    customer,
    restaurantMode: readAccessCookie(cookieHeader, config).restaurant,
    body,
    clientIp,
    cancelUrl: cancelUrlFrom(req.headers.referer ?? null, config.publicUrl),
    affiliate: readAffiliate(cookieHeader),
  });
  if (!result.ok) return refusal(result.status, result.error, signedIn.cookies);
  const checkoutCookie = rememberCheckoutSession(cookieHeader, services, result.sessionId);
  return {
    status: 200,
    body: { url: result.url },
    cookies: [...signedIn.cookies, checkoutCookie],
  };
}

function send(res: ServerResponse, answered: Answer, options: { https: boolean; close: boolean }) {
  const json = JSON.stringify(answered.body);
  setSecurityHeaders(res, jsonContentSecurityPolicy, options);
  res.statusCode = answered.status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.setHeader("Cache-Control", "no-store");
  if (answered.status === 405) res.setHeader("Allow", "POST");
  if (answered.cookies.length > 0) res.setHeader("Set-Cookie", answered.cookies);
  // A body left unread (refused before or part-way through reading) is not waited for.
  if (options.close) res.setHeader("Connection", "close");
  res.end(json);
}

/** The request handler of `POST /api/checkout`. */
export function checkoutEndpoint(services: CheckoutEndpointServices) {
  const https = isHttps(services.config);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let answered: Answer;
    try {
      answered = await answer(services, req);
    } catch (error) {
      services.log.error({ err: error }, "checkout request failed");
      answered = refusal(500, { code: "provider_error", message: checkoutMessages.providerError });
    }
    send(res, answered, { https, close: !req.complete });
  };
}
