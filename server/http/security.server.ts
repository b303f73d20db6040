import { randomBytes } from "node:crypto";

export interface SecurityOptions {
  /** HSTS and upgrade-insecure-requests are only sent when the shop is served over https. */
  https: boolean;
  /** The Vite dev server injects styles and a websocket; production never needs them. */
  development: boolean;
  /** Extra origins a form may post to (a hosted checkout). */
  formActionOrigins: string[];
}

/** A fresh Content-Security-Policy nonce: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The policy of an HTML page: scripts only from the shop or with the page's nonce. */
export function pagePolicy(nonce: string, options: SecurityOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    // React renders style attributes (e.g. transition delays); styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": options.development ? ["'self'", "ws:"] : ["'self'"],
    "form-action": ["'self'", ...options.formActionOrigins],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/**
 * The policy of everything that is not a page (data, JSON, files, refusals): nothing runs, an
 * SVG opened on its own may keep its inline styles, and nothing may frame it.
 */
export const resourcePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The headers every response carries besides its Content-Security-Policy. */
export function commonSecurityHeaders(options: Pick<SecurityOptions, "https">): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  if (options.https) {
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  }
  return headers;
}

/**
 * The policy a response needs: a page's with its nonce, or the one for everything else. The
 * nonce is asked for only by a page.
 */
export function policyFor(
  contentType: string | null,
  nonce: () => string,
  options: SecurityOptions,
) {
  return contentType?.startsWith("text/html") ? pagePolicy(nonce(), options) : resourcePolicy;
}
