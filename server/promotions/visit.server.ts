import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cartLines } from "~core/cart";
import type { Promotion } from "~core/pricing";
import { type TypedCodeOutcome, typedCodeOutcome } from "~core/promo-notice";
import type { LinkedCode } from "~core/storefront";
import { readAccessCookie } from "../access/access.server";
import { currentSession } from "../auth/session.server";
import { readCart } from "../cart/cart-cookie.server";
import { readCatalog } from "../catalog/catalog.server";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { type ShopContext, shop } from "../http/context.server";
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

/**
 * At most 20 codes looked up per client in 10 minutes, linked or typed in the promo code field
 * alike, so codes cannot be guessed.
 */
export const promoCodeLookupRateLimit: RateLimit = { limit: 20, windowMs: 10 * 60_000 };

function consumePromoCodeLookup(services: Pick<ShopContext, "db" | "clientIp">) {
  return consumeRateLimit(services.db, `promo-code:${services.clientIp}`, promoCodeLookupRateLimit);
}

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
  const limit = await consumePromoCodeLookup(shop(context));
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
          lookup.status === "refused"
            ? { status: "refused", reason: lookup.reason, code: lookup.code }
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

const promotionAppliedByForm = createContext<Promotion | null>(null);

/**
 * The promotion the promo code field applied in this request: the page rendered after a form
 * posted without scripts prices the cart with it, though the request still carries the old
 * `promo` cookie.
 */
export function promotionAppliedThisRequest(
  context: Readonly<RouterContextProvider>,
): Promotion | null {
  return context.get(promotionAppliedByForm);
}

/** What the promo code field answers, with the code as typed, which a refusal keeps in the field. */
export type PromoCodeFieldAnswer = { typed: string } & (
  | TypedCodeOutcome
  | { outcome: "lookupFailed" }
);

/**
 * The promo code field's 'Apply': counted against the client's lookup limit as links are, looked
 * up, and tried on the shopper's cart. An applied code replaces the visit's; a refused one
 * leaves the visit's code as it was.
 */
export async function applyTypedPromoCode(
  request: Request,
  context: Readonly<RouterContextProvider>,
  typed: string,
): Promise<{ answer: PromoCodeFieldAnswer; status: number; headers: Headers }> {
  const services = shop(context);
  const cart = {
    lines: cartLines(readCart(request, services.config).counts),
    restaurantMode: readAccessCookie(request.headers.get("Cookie"), services.config).restaurant,
  };
  const headers = new Headers();
  const limit = await consumePromoCodeLookup(services);
  if (!limit.allowed) {
    headers.set("Retry-After", retryAfter(limit.retryAfterSeconds));
    return { answer: { typed, outcome: "lookupFailed" }, status: 429, headers };
  }
  let outcome: TypedCodeOutcome;
  try {
    const email = currentSession(context)?.user.email ?? null;
    const [lookup, catalog] = await Promise.all([
      lookUpPromotion(services.db, typed, { email }),
      readCatalog(services.db),
    ]);
    outcome = typedCodeOutcome(lookup, { ...cart, catalog });
  } catch (error) {
    services.log.error({ err: error }, "the promo code lookup failed");
    return { answer: { typed, outcome: "lookupFailed" }, status: 503, headers };
  }
  if (outcome.outcome !== "applied") return { answer: { typed, ...outcome }, status: 400, headers };
  context.set(promotionAppliedByForm, outcome.promotion);
  headers.append("Set-Cookie", keepPromotionForVisit(outcome.promotion, services.config));
  return { answer: { typed, ...outcome }, status: 200, headers };
}
