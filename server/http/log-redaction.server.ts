/**
 * A request's address as the log may show it. Some addresses open something for whoever holds
 * them: the links e-mailed with a token (a staff invitation, a return label, a password reset,
 * an e-mail verification), a guest's order-tracking link, a checkout session's pages. Anyone who
 * reads the log could use them, so their secret parts are replaced before a line is written.
 */

export const redacted = "[redacted]";

/** Paths whose next segment is a token or a bearer id (`/staff-invitation/:token`, `/checkout/sandbox/card/:token`, …). */
const tokenInPath =
  /(\/(?:staff-invitation|return-label|membership\/card|checkout\/sandbox\/card|checkout\/sandbox)\/)[^/?#]*/gi;

/**
 * Query parameters whose value opens something, by a part of their name: tokens, codes (a
 * password reset's, OAuth's `code` and `state`, promotion codes), keys, passwords, and the
 * bearer ids of a guest (`guestId`) and of a checkout session (`sessionId`).
 */
const secretParameter =
  /token|secret|password|key|code|state|signature|auth|guest_?id|session_?id/i;

/** A query parameter's name as the routes read it; a name that does not decode counts as secret. */
function parameterName(pair: string): string | null {
  const name = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return null;
  }
}

function redactQuery(search: string): string {
  return search
    .split("&")
    .map((pair) => {
      const name = parameterName(pair);
      return name === null || secretParameter.test(name)
        ? `${pair.split("=", 1)[0]}=${redacted}`
        : pair;
    })
    .join("&");
}

/**
 * `url` (a path with its query, as the request line has it, or an absolute address) with every
 * token in its path and every secret query value replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith("/") ? `http://log.invalid${url}` : url);
  } catch {
    return redacted;
  }
  const path = parsed.pathname.replace(tokenInPath, `$1${redacted}`);
  const query = parsed.search.slice(1);
  return query ? `${path}?${redactQuery(query)}` : path;
}
