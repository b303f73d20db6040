import type { Promotion } from "~/core/pricing";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { clearCookieHeader, cookieValue, isHttps, setCookieHeader } from "../http/cookies.server";
import { recentActivePromotion } from "./promotions.server";

/**
 * The promotion of a visit lives in a session cookie holding its code: it survives navigation
 * and reloads, ends with the browser session, and is looked up again on every request, so an
 * owner who deactivates a code stops its discount at once.
 */
const promotionCookieName = "promo";

export interface VisitPromotion {
  promotion: Promotion | null;
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
 * `?promoCode=` replaces the visit's promotion when the server finds it active; an unknown or
 * inactive code in a link changes nothing. A kept code that is no longer active is forgotten.
 */
export async function resolveVisitPromotion(
  request: Request,
  db: Database,
  config: Pick<ResolvedConfig, "publicUrl">,
): Promise<VisitPromotion> {
  const linked = new URL(request.url).searchParams.get("promoCode");
  const kept = cookieValue(request.headers.get("Cookie"), promotionCookieName) || null;
  const fromLink = linked ? await recentActivePromotion(db, linked) : null;
  if (fromLink) {
    const changed = fromLink.code !== kept;
    return {
      promotion: fromLink,
      setCookie: changed ? keepPromotionForVisit(fromLink, config) : null,
    };
  }
  const fromVisit = kept ? await recentActivePromotion(db, kept) : null;
  const forget = kept !== null && fromVisit === null;
  return {
    promotion: fromVisit,
    setCookie: forget ? clearCookieHeader(promotionCookieName, isHttps(config)) : null,
  };
}
