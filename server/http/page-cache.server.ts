import { type IncomingMessage, request, type ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { encode, preferredEncoding } from "./content-encoding.server";

export interface PageCacheOptions {
  /** How long a rendered page is sent as it is. */
  ttlMs: number;
  /** How much longer it is still sent, while the page is rendered again in the background. */
  staleMs: number;
  /** Most pages kept at once; the oldest goes first. */
  maxEntries: number;
}

export interface CachedPage {
  body: string;
  /** The CSP nonce the cached HTML was rendered with; each reuse gets a fresh one. */
  nonce: string;
  headers: Array<[string, string]>;
  renderedAt: number;
  /** When the page was last asked for again in the background, if it has not arrived since. */
  refreshSince: number | null;
}

/** A background render that has not arrived after this long is given up and asked for again. */
const refreshTimeoutMs = 5_000;

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
 * (no promoCode, ref…). Such a page is recorded whenever it is rendered.
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

/** A request that asks for a fresh page (a hard reload, a background render) is not served a copy. */
const wantsFreshPage = (req: IncomingMessage) =>
  /no-cache/.test(req.headers["cache-control"] ?? "");

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

export interface CachedLookup {
  page: CachedPage;
  /** The copy is stale: `sendCachedPage` renders the page again for the visitors after. */
  renderAgain: boolean;
}

export interface PageMicroCache {
  /** The copy to send for an anonymous page request, or null when the request must be rendered. */
  lookup(req: IncomingMessage): CachedLookup | null;
  /** Express middleware: records the pages rendered for anonymous requests. */
  capture: RequestHandler;
}

/**
 * Sends a cached page with this response's CSP nonce written in, compressed as the browser
 * accepts (Brotli or gzip, off the main thread). A stale copy is rendered again once this
 * visitor's answer is out: started before, the render would hold up its compression.
 */
export async function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  { page, renderAgain }: CachedLookup,
  nonce: string,
): Promise<void> {
  if (renderAgain) res.once("finish", () => renderInBackground(req));
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
 * Asks this server for the request's page again, as a visitor wanting it fresh; `capture`
 * records the answer for the visitors after. Over the connection the request came in on the
 * address it came to, so it needs no configuration; a failure leaves the copy to expire.
 */
function renderInBackground(req: IncomingMessage): void {
  const { localAddress, localPort } = req.socket;
  request(
    {
      host: localAddress,
      port: localPort,
      path: req.url,
      headers: { host: req.headers.host ?? "", "cache-control": "no-cache" },
    },
    (res) => res.resume(),
  )
    .on("error", () => undefined)
    .end();
}

/**
 * A micro-cache of server-rendered pages for anonymous visitors, served from memory before
 * Express (server/http/app.ts) with the response's own CSP nonce written in. A copy younger than
 * `ttlMs` is sent as it is. An older one, up to `ttlMs + staleMs`, is still sent at once while
 * the page is rendered again in the background, once, for the visitors after: no visitor waits
 * for a render that a copy can spare, and a busy page is never rendered by every request at
 * once. Beyond that the visitor's own request renders the page. Owner changes (settings,
 * content) reach the visitors that come `ttlMs` after them, and all of them within
 * `ttlMs + staleMs`. Each instance keeps its own cache.
 */
export function pageMicroCache({ ttlMs, staleMs, maxEntries }: PageCacheOptions): PageMicroCache {
  const pages = new Map<string, CachedPage>();
  const lookup = (req: IncomingMessage): CachedLookup | null => {
    if (!isAnonymousPageRequest(req) || wantsFreshPage(req)) return null;
    const page = pages.get(pageKey(req));
    const now = Date.now();
    if (!page || now - page.renderedAt >= ttlMs + staleMs) return null;
    if (now - page.renderedAt < ttlMs) return { page, renderAgain: false };
    const renderAgain = page.refreshSince === null || now - page.refreshSince >= refreshTimeoutMs;
    if (renderAgain) page.refreshSince = now;
    return { page, renderAgain };
  };
  const capture: RequestHandler = (req, res, next) => {
    if (!isAnonymousPageRequest(req)) return next();
    const nonce = String(res.locals.cspNonce);
    captureBody(res, (body) => {
      // The page as rendered now replaces the copy, or ends it (gone, personal, failed).
      pages.delete(pageKey(req));
      if (!isShareable(res)) return;
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value ?? "");
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !perResponseHeaders.has(name))
        .map(([name, value]): [string, string] => [name, String(value)]);
      pages.set(pageKey(req), { body, nonce, headers, renderedAt: Date.now(), refreshSince: null });
    });
    next();
  };
  return { lookup, capture };
}
