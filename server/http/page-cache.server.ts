import { type ContentEncoding, encode, preferredEncoding } from "./content-encoding.server";

export interface PageCacheOptions {
  /** How long a rendered page is sent as it is. */
  freshMs: number;
  /** How much longer it is still sent, while it is rendered again in the background. */
  staleMs: number;
  /** Most pages kept at once; the oldest goes first. */
  maxEntries: number;
  /** Renders a page in this process, as an anonymous visitor asking for it fresh. */
  render: (path: string) => Promise<Response>;
}

interface CachedPage {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  renderedAt: number;
  /** The body compressed for each encoding asked for so far. */
  encoded: Map<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>;
  refreshing: boolean;
}

/** Headers that describe one transfer of the body, not the page. */
const transferHeaders = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
]);

/**
 * Only what every anonymous visitor sees alike is shared: a plain GET of a page (a path without
 * a file extension, so no `.data`), with no cookie (no session, access grant, promotion, cart or
 * flash) and no query (no promoCode, ref…).
 */
export function isAnonymousPageRequest(request: Request): boolean {
  const url = new URL(request.url);
  return (
    request.method === "GET" &&
    !request.headers.has("cookie") &&
    !request.headers.has("authorization") &&
    url.search === "" &&
    !/\.[A-Za-z0-9]+$/.test(url.pathname)
  );
}

/** A hard reload, or this cache's own background render, is never sent a copy. */
const wantsFreshPage = (request: Request) =>
  /no-cache/.test(request.headers.get("cache-control") ?? "");

/** A page opts out with `Cache-Control: no-store` or `private` (from its `headers` export). */
function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/.test(response.headers.get("cache-control") ?? "")
  );
}

/**
 * A copy of the pages anonymous visitors ask for, kept with the headers they were rendered
 * with (their Content-Security-Policy names the nonce their scripts carry). A copy younger than
 * `freshMs` is sent as it is; an older one, up to `freshMs + staleMs`, is still sent at once and
 * the page is rendered again in this process for the visitors after. Beyond that the visitor's
 * own request renders it. Each instance keeps its own copies.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();

  constructor(private readonly options: PageCacheOptions) {}

  /** The page for an anonymous request: a copy when there is one, else rendered and kept. */
  async serve(request: Request, render: () => Promise<Response>): Promise<Response> {
    const path = new URL(request.url).pathname;
    const page = wantsFreshPage(request) ? undefined : this.#usableCopy(path);
    if (page) return this.#send(page, request);
    return this.#keep(path, await render());
  }

  #usableCopy(path: string): CachedPage | undefined {
    const page = this.#pages.get(path);
    if (!page) return undefined;
    const age = Date.now() - page.renderedAt;
    if (age >= this.options.freshMs + this.options.staleMs) return undefined;
    if (age >= this.options.freshMs && !page.refreshing) {
      page.refreshing = true;
      // Once this visitor's copy is on its way.
      setImmediate(() => this.#renderAgain(path, page));
    }
    return page;
  }

  async #renderAgain(path: string, page: CachedPage): Promise<void> {
    try {
      await (await this.options.render(path)).arrayBuffer();
    } catch {
      // The copy stays until it expires; the next stale request tries again.
    } finally {
      page.refreshing = false;
    }
  }

  /** Sends the page to the visitor as it streams, and keeps it once it has all arrived. */
  #keep(path: string, response: Response): Response {
    if (!isShareable(response) || !response.body) {
      this.#pages.delete(path);
      return response;
    }
    const [toVisitor, toCache] = response.body.tee();
    const headers = [...response.headers].filter(([name]) => !transferHeaders.has(name));
    new Response(toCache)
      .arrayBuffer()
      .then((body) => this.#store(path, headers, new Uint8Array(body)))
      .catch(() => this.#pages.delete(path));
    return new Response(toVisitor, response);
  }

  #store(path: string, headers: [string, string][], body: Uint8Array<ArrayBuffer>): void {
    this.#pages.delete(path);
    if (this.#pages.size >= this.options.maxEntries) {
      this.#pages.delete(this.#pages.keys().next().value ?? "");
    }
    this.#pages.set(path, {
      headers,
      body,
      renderedAt: Date.now(),
      encoded: new Map(),
      refreshing: false,
    });
  }

  /** The copy, compressed as the browser accepts (once per encoding, off the main thread). */
  async #send(page: CachedPage, request: Request): Promise<Response> {
    const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
    const headers = new Headers(page.headers);
    headers.set("Vary", "Accept-Encoding");
    if (!encoding) return new Response(page.body, { headers });
    let encoded = page.encoded.get(encoding);
    if (!encoded) {
      encoded = encode(page.body, encoding);
      page.encoded.set(encoding, encoded);
    }
    const body = await encoded;
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    return new Response(body, { headers });
  }
}
