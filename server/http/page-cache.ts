import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { encode, preferredEncoding } from "./content-encoding";

export interface PageCacheOptions {
  /** How long a rendered page is reused. */
  ttlMs: number;
  /** Most pages kept at once; the oldest goes first. */
  maxEntries: number;
}

export interface CachedPage {
  body: string;
  /** The CSP nonce the cached HTML was rendered with; each reuse gets a fresh one. */
  nonce: string;
  headers: Array<[string, string]>;
  renderedAt: number;
  /** A request is rendering the page again right now. */
  refreshing: boolean;
}

/** How much longer an expired page may be served while one request renders it again. */
const refreshGraceMs = 5_000;

/** Headers that belong to one response only and are never replayed. */
const perResponseHeaders = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "set-cookie",
  "date",
  "connection",
  "transfer-encoding",
  "vary",
]);

/**
 * Only what every anonymous visitor sees alike is shared: a plain GET of a page (a path without
 * a file extension), with no cookie (no session, access grant, promotion or flash) and no query
 * (no promoCode, ref…).
 */
function isAnonymousPageRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  return (
    req.method === "GET" &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    !url.includes("?") &&
    !/\.[A-Za-z0-9]+$/.test(url)
  );
}

/** An anonymous page request's URL is its path: it has no query. */
const pageKey = (req: IncomingMessage) => req.url ?? "/";

/** A page opts out with `Cache-Control: no-store` or `private` (from its `headers` export). */
function isShareable(res: Response): boolean {
  const type = String(res.getHeader("content-type") ?? "");
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return (
    res.statusCode === 200 &&
    type.startsWith("text/html") &&
    !res.hasHeader("set-cookie") &&
    !/no-store|private/.test(cacheControl)
  );
}

/** Records what the handlers below write, while still sending it as it comes. */
function captureBody(res: Response, onComplete: (body: string) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") keep(chunk);
    onComplete(Buffer.concat(chunks).toString("utf8"));
    return end(chunk, ...rest);
  }) as Response["end"];
}

export interface PageMicroCache {
  /**
   * The copy to send for an anonymous page request, or null when the request must be rendered
   * (no copy, or an expired one this request renders again while others still get it).
   */
  lookup(req: IncomingMessage): CachedPage | null;
  /** Express middleware: records the pages rendered for anonymous requests. */
  capture: RequestHandler;
}

/**
 * Sends a cached page with this response's CSP nonce written in, compressed as the browser
 * accepts (Brotli or gzip, off the main thread).
 */
export async function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  nonce: string,
): Promise<void> {
  const body = Buffer.from(page.body.replaceAll(page.nonce, nonce));
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  // Should compression ever fail, the page goes as it is.
  const sent = encoding ? await encode(body, encoding).catch(() => body) : body;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (sent !== body && encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.statusCode = 200;
  res.end(sent);
}

/**
 * A micro-cache of server-rendered pages for anonymous visitors: the same page is rendered at
 * most once per `ttlMs` and then served from memory (before Express: server/http/app.ts), with
 * the response's own CSP nonce written in. Once a page expires, one request renders it again
 * while the others still get the copy, so a busy page is never rendered by every request at
 * once. Owner changes (settings, content) show within about `ttlMs`. Each instance keeps its
 * own cache.
 */
export function pageMicroCache({ ttlMs, maxEntries }: PageCacheOptions): PageMicroCache {
  const pages = new Map<string, CachedPage>();
  const lookup = (req: IncomingMessage): CachedPage | null => {
    if (!isAnonymousPageRequest(req)) return null;
    const cached = pages.get(pageKey(req));
    if (!cached) return null;
    const age = Date.now() - cached.renderedAt;
    if (age < ttlMs || (cached.refreshing && age < ttlMs + refreshGraceMs)) return cached;
    cached.refreshing = true;
    return null;
  };
  const capture: RequestHandler = (req, res, next) => {
    if (!isAnonymousPageRequest(req)) return next();
    const nonce = String(res.locals.cspNonce);
    captureBody(res, (body) => {
      const cached = pages.get(pageKey(req));
      if (cached) cached.refreshing = false;
      if (!isShareable(res)) return;
      pages.delete(pageKey(req));
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value ?? "");
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !perResponseHeaders.has(name))
        .map(([name, value]): [string, string] => [name, String(value)]);
      pages.set(pageKey(req), { body, nonce, headers, renderedAt: Date.now(), refreshing: false });
    });
    next();
  };
  return { lookup, capture };
}
