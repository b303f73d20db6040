/** The value of one cookie of a request's Cookie header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The Cookie header a browser would send back after receiving `setCookies`. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Cookies over https carry `Secure`. */
export function isHttps(config: { publicUrl: string }): boolean {
  return config.publicUrl.startsWith("https://");
}

export interface CookieAttributes {
  /** Omitted: the cookie ends with the browser session. */
  maxAgeSeconds?: number;
  https: boolean;
  /** The page's scripts may read it (a cart posted before they ran); most cookies are theirs not to read. */
  readableByScripts?: boolean;
}

/** A Set-Cookie header for the whole shop, sent on same-site visits, out of scripts' reach by default. */
export function setCookieHeader(
  name: string,
  value: string,
  { maxAgeSeconds, https, readableByScripts = false }: CookieAttributes,
): string {
  const attributes = [`${name}=${encodeURIComponent(value)}`];
  if (maxAgeSeconds !== undefined) attributes.push(`Max-Age=${maxAgeSeconds}`);
  attributes.push("Path=/");
  if (!readableByScripts) attributes.push("HttpOnly");
  attributes.push("SameSite=Lax");
  if (https) attributes.push("Secure");
  return attributes.join("; ");
}

/** The Set-Cookie header that removes a cookie. */
export function clearCookieHeader(name: string, https: boolean): string {
  return setCookieHeader(name, "", { maxAgeSeconds: 0, https });
}
