import type { RouterContextProvider } from "react-router";
import { readAccessCookie } from "../access/access.server";
import { readAffiliate } from "../affiliate/affiliate.server";
import { currentSession } from "../auth/session.server";
import { accountPaymentCustomerId } from "../customers/users.server";
import { shop } from "../http/context.server";
import { paymentServices } from "../payments/context.server";
import { openedSessions, rememberCheckoutSession } from "./cookies.server";
import {
  type CreateCheckoutResult,
  cancelUrlFrom,
  createCheckout,
  type SignedInCustomer,
} from "./create.server";

export interface OpenedCheckout {
  result: CreateCheckoutResult;
  /** Set-Cookie headers for the answer: the sessions this browser opened. */
  cookies: string[];
}

/** A signed-in shopper's order joins the account, paid as the account's payment customer. */
async function signedInCustomer(
  context: Readonly<RouterContextProvider>,
): Promise<SignedInCustomer | null> {
  const session = currentSession(context);
  if (!session) return null;
  const { id, email } = session.user;
  return {
    userId: id,
    email,
    paymentCustomerId: await accountPaymentCustomerId(shop(context).db, id),
  };
}

/**
 * Opens a hosted checkout for the cart `body` names ({ items, localPickup, promoCode? }, not
 * trusted), for the shopper this request comes from: their account, restaurant access,
 * affiliate and the page to come back to.
 */
export async function openCheckout(
  request: Request,
  context: Readonly<RouterContextProvider>,
  body: unknown,
): Promise<OpenedCheckout> {
  const services = paymentServices(context);
  const cookieHeader = request.headers.get("Cookie");
  const result = await createCheckout(services, {
    customer: await signedInCustomer(context),
    restaurantMode: readAccessCookie(cookieHeader, services.config).restaurant,
    body,
    clientIp: services.clientIp,
    cancelUrl: cancelUrlFrom(request.headers.get("Referer"), services.config.publicUrl),
    affiliate: readAffiliate(cookieHeader),
    openedSessionIds: openedSessions(cookieHeader, services),
  });
  const cookies = result.ok
    ? [rememberCheckoutSession(cookieHeader, services, result.sessionId)]
    : [];
  return { result, cookies };
}
