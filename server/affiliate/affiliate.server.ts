import { affiliateIdSchema } from "~core/validation";
import type { ResolvedConfig } from "../config.server";
import { cookieValue, isHttps, setCookieHeader } from "../http/cookies.server";

/** The cookie checkout reads to credit an affiliate. */
export const affiliateCookieName = "affiliate";
const affiliateMaxAgeSeconds = 30 * 24 * 60 * 60;

function parseAffiliateId(value: string | null): string | null {
  if (value === null) return null;
  const parsed = affiliateIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The Set-Cookie header that remembers `?ref=` (or `?affiliate=`) for 30 days, or null when the
 * URL carries no valid referral id. The latest referral wins.
 */
export function affiliateCookieFromUrl(
  url: URL,
  config: Pick<ResolvedConfig, "publicUrl">,
): string | null {
  const id = parseAffiliateId(url.searchParams.get("ref") ?? url.searchParams.get("affiliate"));
  if (!id) return null;
  return setCookieHeader(affiliateCookieName, id, {
    maxAgeSeconds: affiliateMaxAgeSeconds,
    https: isHttps(config),
  });
}

/**
 * The affiliate id this browser was referred by within the last 30 days, from the request's
 * Cookie header; null when there is none.
 */
export function readAffiliate(cookieHeader: string | null | undefined): string | null {
  return parseAffiliateId(cookieValue(cookieHeader, affiliateCookieName));
}
