import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

export interface SecurityOptions {
  /** HSTS is only sent when the shop is served over https. */
  https: boolean;
  /** The Vite dev server injects styles and a websocket; production never needs them. */
  development: boolean;
  /** Extra origins a form may post to (a hosted checkout). */
  formActionOrigins: string[];
}

export function contentSecurityPolicy(nonce: string, options: SecurityOptions): string {
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

/** What a JSON answer may do in a browser: nothing, and not be framed. */
export const jsonContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** The headers every response carries, with its Content-Security-Policy. */
export function setSecurityHeaders(
  res: ServerResponse,
  policy: string,
  options: Pick<SecurityOptions, "https">,
): void {
  res.setHeader("Content-Security-Policy", policy);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (options.https) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/** Sets the security headers of a page with a fresh CSP nonce, and returns the nonce. */
export function setPageSecurityHeaders(res: ServerResponse, options: SecurityOptions): string {
  const nonce = randomBytes(16).toString("base64");
  setSecurityHeaders(res, contentSecurityPolicy(nonce, options), options);
  return nonce;
}

/** Sets the security headers of every response and the CSP nonce its HTML uses. */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = setPageSecurityHeaders(res, options);
    next();
  };
}
