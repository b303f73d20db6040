import type { RequestHandler, Response } from "express";

export interface PageCacheOptions {
  /** How long a rendered page is reused. */
  ttlMs: number;
  /** Most pages kept at once; the oldest goes first. */
  maxEntries: number;
}

interface CachedPage {
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
]);

/**
 * Only what every anonymous visitor sees alike is shared: a plain GET of a page (a path without
 * a file extension), with no cookie (no session, access grant, promotion or flash) and no query
 * (no promoCode, ref…).
 */
function isAnonymousPageRequest(req: Parameters<RequestHandler>[0]): boolean {
  return (
    req.method === "GET" &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    req.originalUrl === req.path &&
    !/\.[A-Za-z0-9]+$/.test(req.path)
  );
}

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

/**
 * A micro-cache of server-rendered pages for anonymous visitors: the same page is rendered at
 * most once per `ttlMs` and then served from memory, with this response's CSP nonce written in.
 * Once a page expires, one request renders it again while the others still get the copy, so a
 * busy page is never rendered by every request at once. Owner changes (settings, content) show
 * within about `ttlMs`. Each instance keeps its own cache.
 */
export function pageMicroCache({ ttlMs, maxEntries }: PageCacheOptions): RequestHandler {
  const pages = new Map<string, CachedPage>();
  return (req, res, next) => {
    if (!isAnonymousPageRequest(req)) return next();
    const cached = pages.get(req.path);
    const nonce = String(res.locals.cspNonce);
    const age = cached ? Date.now() - cached.renderedAt : Number.POSITIVE_INFINITY;
    const servable = age < ttlMs || (cached?.refreshing && age < ttlMs + refreshGraceMs);
    if (cached && servable) {
      const body = cached.body.replaceAll(cached.nonce, nonce);
      for (const [name, value] of cached.headers) res.setHeader(name, value);
      res.setHeader("Content-Length", Buffer.byteLength(body));
      res.statusCode = 200;
      res.end(body);
      return;
    }
    if (cached) cached.refreshing = true;
    captureBody(res, (body) => {
      if (cached) cached.refreshing = false;
      if (!isShareable(res)) return;
      pages.delete(req.path);
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value ?? "");
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !perResponseHeaders.has(name))
        .map(([name, value]): [string, string] => [name, String(value)]);
      pages.set(req.path, { body, nonce, headers, renderedAt: Date.now(), refreshing: false });
    });
    next();
  };
}
