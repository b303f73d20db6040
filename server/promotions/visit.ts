import { createCookie } from "react-router";
import type { Promotion } from "~/core/pricing";
import type { ResolvedConfig } from "../config";
import type { Database } from "../db/client";
import { isHttps } from "../http/cookies";
import { recentActivePromotion } from ".";

/**
 * The promotion of a visit lives in a session cookie holding its code: it survives navigation
 * and reloads, ends with the browser session, and is looked up again on every request, so an
 * owner who deactivates a code stops its discount at once.
 */
function promotionCookie(config: Pick<ResolvedConfig, "publicUrl">) {
  return createCookie("promo", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isHttps(config),
  });
}

export interface VisitPromotion {
  promotion: Promotion | null;
  setCookie: string | null;
}

/** The Set-Cookie header that makes `promotion` the visit's promotion. */
export function keepPromotionForVisit(
  promotion: Promotion,
  config: Pick<ResolvedConfig, "publicUrl">,
): Promise<string> {
  return promotionCookie(config).serialize(promotion.code);
}

async function keptCode(request: Request, config: Pick<ResolvedConfig, "publicUrl">) {
  const value: unknown = await promotionCookie(config).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
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
  const kept = await keptCode(request, config);
  const fromLink = linked ? await recentActivePromotion(db, linked) : null;
  if (fromLink) {
    const changed = fromLink.code !== kept;
    return {
      promotion: fromLink,
      setCookie: changed ? await keepPromotionForVisit(fromLink, config) : null,
    };
  }
  const fromVisit = kept ? await recentActivePromotion(db, kept) : null;
  const forget = kept !== null && fromVisit === null;
  return {
    promotion: fromVisit,
    setCookie: forget ? await promotionCookie(config).serialize("", { maxAge: 0 }) : null,
  };
}
