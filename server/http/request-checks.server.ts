/**
 * The checks every request passes before anything reads it: its method, its target, the kind
 * and size of its body, and where a form was posted from. A request that fails one is refused
 * with a 4xx here, without its body being read.
 */
import type { Response as ExpressResponse, RequestHandler } from "express";
import { maxImageBytes } from "~core/images";
import { resourcePolicy } from "./security.server";

const allowedMethods = ["GET", "HEAD", "POST"];

/** Sends a short plain-text refusal; a body left unread closes the connection. */
export function refuse(
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.status(status).set({
    "Content-Security-Policy": resourcePolicy,
    "Cache-Control": "no-store",
    ...headers,
  });
  if (!res.req.complete) res.set("Connection", "close");
  res.type("text/plain").send(message);
}

/** 405 for any method the shop does not serve (TRACE, PUT, DELETE, OPTIONS…). */
export const onlyServedMethods: RequestHandler = (req, res, next) => {
  if (allowedMethods.includes(req.method)) return next();
  refuse(res, 405, "Method not allowed", { Allow: allowedMethods.join(", ") });
};

/** The request's path, percent-decoded, or null when it does not decode as UTF-8. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * 400 for a path that is not valid percent-encoded UTF-8, 404 for a path naming a null byte
 * (no page has one), 400 for a query that carries one: none may reach a route, a log or the
 * database (PostgreSQL refuses text with a null byte).
 */
export const wellFormedTarget: RequestHandler = (req, res, next) => {
  const path = decodedPath(req.path);
  if (path === null) return refuse(res, 400, "Bad request");
  if (path.includes("\0")) return refuse(res, 404, "Not found");
  const query = req.originalUrl.indexOf("?");
  if (query >= 0) {
    const values = [...new URLSearchParams(req.originalUrl.slice(query + 1))].flat();
    if (values.some((value) => value.includes("\0"))) return refuse(res, 400, "Bad request");
  }
  next();
};

/** What a route accepts as a request body. */
export interface BodyRule {
  /** Media types, without parameters. */
  types: readonly string[];
  maxBytes: number;
}

export const formBody: BodyRule = {
  types: ["application/x-www-form-urlencoded"],
  maxBytes: 64 * 1024,
};
export const jsonBody = (maxBytes: number): BodyRule => ({ types: ["application/json"], maxBytes });

/** The routes whose bodies are not forms; every other path takes a form of at most 64 KB. */
export const bodyRules: ReadonlyMap<string, BodyRule> = new Map([
  ["/api/cart", jsonBody(4 * 1024)],
  ["/api/checkout", jsonBody(16 * 1024)],
  ["/api/events", jsonBody(16 * 1024)],
  ["/api/sandbox-billing", jsonBody(1024)],
  // Stripe's events carry whole objects (an invoice with its lines).
  ["/api/webhooks/stripe", jsonBody(512 * 1024)],
]);

/**
 * The back office's order page (and its data requests, once scripts run) also takes a return
 * label: a PDF of at most 1 MB, uploaded.
 */
const orderPagePath = /^\/admin\/orders\/[A-Za-z0-9]{1,32}(\.data)?$/;
const formWithUpload: BodyRule = {
  types: [...formBody.types, "multipart/form-data"],
  maxBytes: 1024 * 1024 + 64 * 1024,
};

/**
 * The editors of recipes and influencer pages, the new influencer page's form and a catalog
 * item's page take a picture of at most 10 MB.
 */
const imageEditorPath =
  /^\/admin\/((recipes|influencers)\/(\d{1,9}|new)|catalog\/[A-Za-z0-9]{1,32})(\.data)?$/;
const formWithImage: BodyRule = {
  types: [...formBody.types, "multipart/form-data"],
  maxBytes: maxImageBytes + 64 * 1024,
};

/** The body rule of a path: its own, an upload page's, or a form's. */
function bodyRuleFor(path: string, rules: ReadonlyMap<string, BodyRule>): BodyRule {
  const own = rules.get(path);
  if (own) return own;
  if (orderPagePath.test(path)) return formWithUpload;
  return imageEditorPath.test(path) ? formWithImage : formBody;
}

const mediaType = (header: string | undefined) =>
  (header ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";

/**
 * A posted body must declare its length (411 otherwise), be of a kind its route reads (415)
 * and within its size (413). The declared length bounds what Node reads, so a body refused
 * here is never read.
 */
export function bodyLimits(rules: ReadonlyMap<string, BodyRule> = bodyRules): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const rule = bodyRuleFor(req.path, rules);
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined || length === undefined) {
      return refuse(res, 411, "A request body needs a Content-Length");
    }
    if (!rule.types.includes(mediaType(req.headers["content-type"]))) {
      return refuse(res, 415, `Send ${rule.types.join(" or ")}`);
    }
    if (Number(length) > rule.maxBytes) {
      return refuse(res, 413, `The body is larger than ${rule.maxBytes / 1024} KB`);
    }
    next();
  };
}

/**
 * A browser says where a post comes from in `Origin`; a post from anywhere but the shop's public
 * origin (or, outside production, the address the browser used) is refused with 403, so no other
 * site can submit a form as a signed-in shopper. Requests without `Origin` come from outside a
 * browser (the payment provider's webhook, a script) and carry no shopper's cookies to abuse.
 */
export function sameOriginPosts(options: {
  publicOrigin: string;
  development: boolean;
}): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (req.method !== "POST" || origin === undefined) return next();
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (origin === options.publicOrigin || (options.development && origin === ownOrigin)) {
      return next();
    }
    refuse(res, 403, "Forbidden: this form was posted from another site");
  };
}

/** The answer of a resource route to an address naming nothing it serves (or nothing of the caller's). */
export function notFound(message: string): Response {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The answer of a resource route to a method it does not serve. */
export function methodNotAllowed(allow: string): Response {
  return new Response("Method not allowed", {
    status: 405,
    headers: { Allow: allow, "Content-Type": "text/plain; charset=utf-8" },
  });
}
