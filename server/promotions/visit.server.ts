import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Promotion } from "~core/pricing";
import type { LinkedCode } from "~core/storefront";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { shop } from "../http/context.server";
import { clearCookieHeader, cookieValue, isHttps, setCookieHeader } from "../http/cookies.server";
import { consumeRateLimit, type RateLimit, retryAfter } from "../http/rate-limit.server";
import { findActivePromotion, lookUpPromotion } from "./promotions.server";

/**
 * The promotion of a visit lives in a session cookie holding its code: it survives navigation
 * and reloads, ends with the browser session, and is looked up again on every request, so an
 * owner who deactivates a code stops its discount at once.
 */
const promotionCookieName = "promo";

export interface VisitPromotion {
  promotion: Promotion | null;
  /** What became of the page's `?promoCode=`; null without one, or past the lookup limit. */
  linkedCode: LinkedCode | null;
  setCookie: string | null;
}

/** The Set-Cookie header that makes `promotion` the visit's promotion. */
export function keepPromotionForVisit(
  promotion: Promotion,
  config: Pick<ResolvedConfig, "publicUrl">,
): string {
  return setCookieHeader(promotionCookieName, promotion.code, { https: isHttps(config) });
}

/** At most 20 linked codes looked up per client in 10 minutes, so codes cannot be guessed. */
export const promoCodeLookupRateLimit: RateLimit = { limit: 20, windowMs: 10 * 60_000 };

const linkedCodeRefused = createContext<boolean>(false);

/** Whether this request's `?promoCode=` went past the client's limit and is not looked up. */
export function isLinkedCodeRefused(context: Readonly<RouterContextProvider>): boolean {
  return context.get(linkedCodeRefused);
}

/**
 * Counts a page request bringing `?promoCode=` against the client's limit. Past it, the page is
 * still served, without looking the code up, as a 429 that says when to try again.
 */
export const promoCodeLookupLimit: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (request.method !== "GET" || !new URL(request.url).searchParams.has("promoCode")) {
    return next();
  }
  const { db, clientIp } = shop(context);
  const limit = await consumeRateLimit(db, `promo-code:${clientIp}`, promoCodeLookupRateLimit);
  if (limit.allowed) return next();
  context.set(linkedCodeRefused, true);
  const response = await next();
  if (response.status !== 200) return response;
  const refused = new Response(response.body, { status: 429, headers: response.headers });
  refused.headers.set("Retry-After", retryAfter(limit.retryAfterSeconds));
  return refused;
};

/**
 * `?promoCode=` replaces the visit's promotion: an active code becomes the visit's, and an
 * unknown or expired one leaves the visit without any, saying so. A link past the client's
 * lookup limit changes nothing. A kept code that is no longer active is forgotten.
 */
export async function resolveVisitPromotion(
  request: Request,
  db: Database,
  config: Pick<ResolvedConfig, "publicUrl">,
  linkRefused = false,
): Promise<VisitPromotion> {
  const linked = linkRefused ? null : new URL(request.url).searchParams.get("promoCode");
  const kept = cookieValue(request.headers.get("Cookie"), promotionCookieName) || null;
  const forgetKept = kept === null ? null : clearCookieHeader(promotionCookieName, isHttps(config));
  if (linked) {
    const lookup = await lookUpPromotion(db, linked);
    if (lookup.status !== "active") {
      return {
        promotion: null,
        linkedCode:
          lookup.status === "expired"
            ? { status: "expired", code: lookup.code }
            : { status: "invalid" },
        setCookie: forgetKept,
      };
    }
    const changed = lookup.promotion.code !== kept;
    return {
      promotion: lookup.promotion,
      linkedCode: { status: "applied" },
      setCookie: changed ? keepPromotionForVisit(lookup.promotion, config) : null,
    };
  }
  const fromVisit = kept ? await findActivePromotion(db, kept) : null;
  return {
    promotion: fromVisit,
    linkedCode: null,
    setCookie: fromVisit === null ? forgetKept : null,
  };
}
