import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isAnonymousPageRequest, PageCache } from "./page-cache.server";

const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "n1",
      ...headers,
    },
  });

const visit = (path = "/our-story", headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, { headers });

/** A cache whose renders are counted, each render's body naming its number. */
function countingCache(options: { freshMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  let renders = 0;
  const backgroundRenders: string[] = [];
  const render = () => Promise.resolve(page(`render ${++renders}`));
  const cache: PageCache = new PageCache({
    freshMs: options.freshMs ?? 1_000,
    staleMs: options.staleMs ?? 60_000,
    maxEntries: options.maxEntries ?? 10,
    render: (path): Promise<Response> => {
      backgroundRenders.push(path);
      return cache.serve(visit(path, { "Cache-Control": "no-cache" }), render);
    },
  });
  const serve = async (request = visit()) => (await cache.serve(request, render)).text();
  return { cache, serve, render, backgroundRenders, renders: () => renders };
}

/** Lets the copy of a streamed page be stored, and a background render run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("isAnonymousPageRequest", () => {
  it("shares only plain GETs of a page without cookie, authorization or query", () => {
    expect(isAnonymousPageRequest(visit("/"))).toBe(true);
    expect(isAnonymousPageRequest(visit("/?promoCode=WELCOME10"))).toBe(false);
    expect(isAnonymousPageRequest(visit("/", { Cookie: "promo=WELCOME10" }))).toBe(false);
    expect(isAnonymousPageRequest(visit("/", { Authorization: "Basic x" }))).toBe(false);
    expect(isAnonymousPageRequest(visit("/academy/recipes.data"))).toBe(false);
    expect(isAnonymousPageRequest(visit("/sitemap.xml"))).toBe(false);
    const post = new Request("http://shop.test/", { method: "POST", body: "a=1" });
    expect(isAnonymousPageRequest(post)).toBe(false);
  });
});

describe("PageCache", () => {
  afterEach(() => vi.useRealTimers());

  it("sends a fresh copy with the headers it was rendered with", async () => {
    const { cache, serve, render } = countingCache();
    expect(await serve()).toBe("render 1");
    await settle();
    const copy = await cache.serve(visit(), render);
    expect(await copy.text()).toBe("render 1");
    expect(copy.headers.get("Content-Security-Policy")).toBe("n1");
    expect(copy.headers.get("Vary")).toBe("Accept-Encoding");
  });

  it("sends a stale copy at once and renders the page again once, in the background", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { serve, backgroundRenders } = countingCache();
    await serve();
    await settle();
    vi.setSystemTime(Date.now() + 5_000);
    expect(await serve()).toBe("render 1");
    expect(await serve()).toBe("render 1");
    await settle();
    expect(backgroundRenders).toEqual(["/our-story"]);
    expect(await serve()).toBe("render 2");
  });

  it("renders in the visitor's request once the copy is past its stale time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { serve, backgroundRenders } = countingCache({ staleMs: 10_000 });
    await serve();
    await settle();
    vi.setSystemTime(Date.now() + 12_000);
    expect(await serve()).toBe("render 2");
    expect(backgroundRenders).toEqual([]);
  });

  it("renders for a visitor who asks for a fresh page, and keeps that page", async () => {
    const { serve } = countingCache();
    await serve();
    await settle();
    expect(await serve(visit("/our-story", { "Cache-Control": "no-cache" }))).toBe("render 2");
    await settle();
    expect(await serve()).toBe("render 2");
  });

  it("keeps nothing personal or failed, and drops the copy of a page that became so", async () => {
    const { cache, serve } = countingCache();
    const personal = () => Promise.resolve(page("yours", { "Set-Cookie": "promo=X" }));
    const notFound = () => Promise.resolve(new Response("gone", { status: 404 }));
    const noStore = () => Promise.resolve(page("no", { "Cache-Control": "private, no-store" }));
    for (const render of [personal, notFound, noStore]) {
      await serve();
      await settle();
      await (
        await cache.serve(visit("/our-story", { "Cache-Control": "no-cache" }), render)
      ).text();
      await settle();
      expect(await serve()).toMatch(/^render \d$/);
      await settle();
    }
  });

  it("compresses a copy once per encoding the browser accepts", async () => {
    const { cache, serve, render } = countingCache();
    await serve();
    await settle();
    const gzipped = await cache.serve(visit("/our-story", { "Accept-Encoding": "gzip" }), render);
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe("render 1");
    expect(gzipped.headers.get("Content-Length")).toBe(String(bytes.length));
  });

  it("keeps at most maxEntries pages, dropping the oldest", async () => {
    const { serve, renders } = countingCache({ maxEntries: 2 });
    for (const path of ["/a", "/b", "/c"]) {
      await serve(visit(path));
      await settle();
    }
    await serve(visit("/c"));
    expect(renders()).toBe(3);
    await serve(visit("/a"));
    expect(renders()).toBe(4);
  });
});
