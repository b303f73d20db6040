import { affiliateIdSchema } from "~/core/validation";
import type { ResolvedConfig } from "../config";
import { isHttps, requestCookie } from "../http/cookies";

/** The cookie checkout reads to credit an affiliate (DECISIONS 15). */
export const affiliateCookieName = "affiliate";
const affiliateMaxAgeSeconds = 30 * 24 * 60 * 60;

function parseAffiliateId(value: string | null): string | null {
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
  const attributes = [
    `${affiliateCookieName}=${id}`,
    `Max-Age=${affiliateMaxAgeSeconds}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isHttps(config)) attributes.push("Secure");
  return attributes.join("; ");
}

/** The affiliate id this browser was referred by within the last 30 days, if any. */
export function readAffiliate(request: Request): string | null {
  return parseAffiliateId(requestCookie(request, affiliateCookieName));
}
