import { randomBytes } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pageMicroCache, sendCachedPage } from "./page-cache.server";

let renders = 0;
/** Requests to /slow wait for this before they render. */
let slowGate: Promise<void> = Promise.resolve();
/** Once true, /recipe is gone (404). */
let recipeGone = false;
let server: Server;
let base: string;

const setNonce = (res: { setHeader(name: string, value: string): unknown }) => {
  const nonce = randomBytes(16).toString("base64");
  res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
  return nonce;
};

beforeAll(async () => {
  const pages = pageMicroCache({ ttlMs: 1_000, staleMs: 60_000, maxEntries: 2 });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = setNonce(res);
    next();
  });
  app.use(pages.capture);
  app.get("/{*path}", async (req, res) => {
    renders++;
    if (req.path === "/slow") await slowGate;
    if (req.path === "/sets-cookie") res.setHeader("Set-Cookie", "promo=x");
    if (req.path === "/checkout") res.setHeader("Cache-Control", "no-store");
    const missing = req.path === "/missing" || (req.path === "/recipe" && recipeGone);
    res.status(missing ? 404 : 200).type("html");
    res.write(`<p>${req.path}</p><p>render ${renders}</p>`);
    res.end(`<script nonce="${res.locals.cspNonce}">1</script>`);
  });
  // Wired as server/http/app.ts does: a copy is sent before Express sees the request.
  server = createServer((req, res) => {
    const cached = pages.lookup(req);
    if (cached) void sendCachedPage(req, res, cached, setNonce(res));
    else app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  vi.useRealTimers();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { status: response.status, body, nonce };
}

describe("pageMicroCache", () => {
  it("renders an anonymous page once and serves it again with this response's nonce", async () => {
    const before = renders;
    const first = await get("/our-story");
    const second = await get("/our-story");
    expect(renders - before).toBe(1);
    expect(second.body).toContain("<p>/our-story</p>");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce);
  });

  it("renders afresh for visitors with cookies or a query, and leaves files alone", async () => {
    await get("/our-olive-oils");
    const before = renders;
    await get("/our-olive-oils", { Cookie: "access=granted" });
    await get("/our-olive-oils?promoCode=TAKE5");
    await get("/images/logo.svg");
    await get("/images/logo.svg");
    expect(renders - before).toBe(4);
  });

  it("never keeps responses that set cookies, say no-store or are not 200", async () => {
    for (const path of ["/sets-cookie", "/checkout", "/missing"]) {
      const before = renders;
      await get(path);
      await get(path);
      expect(renders - before).toBe(2);
    }
  });

  it("sends a copy over a second old at once and renders the page again once, in the background", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await get("/slow");
    vi.setSystemTime(Date.now() + 1_001);
    let open = () => {};
    slowGate = new Promise((resolve) => {
      open = resolve;
    });
    const before = renders;
    const stale = await get("/slow");
    expect(stale.body).toContain(`<p>render ${before}</p>`);
    await vi.waitFor(() => expect(renders - before).toBe(1));
    await get("/slow");
    expect(renders - before).toBe(1);
    open();
    await vi.waitFor(async () =>
      expect((await get("/slow")).body).toContain(`<p>render ${before + 1}</p>`),
    );
    expect(renders - before).toBe(1);
    vi.useRealTimers();
  });

  it("renders in the visitor's own request once the copy is over a minute past its second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await get("/holiday-collection");
    const before = renders;
    vi.setSystemTime(Date.now() + 61_000);
    const answer = await get("/holiday-collection");
    expect(renders - before).toBe(1);
    expect(answer.body).toContain(`<p>render ${before + 1}</p>`);
    vi.useRealTimers();
  });

  it("renders for a visitor who asks for a fresh page, and keeps that page for the others", async () => {
    await get("/academy");
    const before = renders;
    const fresh = await get("/academy", { "Cache-Control": "no-cache" });
    expect(fresh.body).toContain(`<p>render ${before + 1}</p>`);
    expect((await get("/academy")).body).toContain(`<p>render ${before + 1}</p>`);
    expect(renders - before).toBe(1);
  });

  it("drops the copy of a page that is gone when it is rendered again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect((await get("/recipe")).status).toBe(200);
    recipeGone = true;
    vi.setSystemTime(Date.now() + 1_001);
    expect((await get("/recipe")).status).toBe(200);
    await vi.waitFor(async () => expect((await get("/recipe")).status).toBe(404));
    vi.useRealTimers();
  });
});

describe("a page sent from memory", () => {
  it("is compressed as the browser accepts, Brotli first", async () => {
    await get("/become-a-member");
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        request(`${base}/become-a-member`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              encoding: res.headers["content-encoding"],
              vary: res.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on("error", reject)
          .end();
      });
    const brotli = await raw("gzip, deflate, br");
    expect(brotli).toMatchObject({ encoding: "br", vary: "Accept-Encoding" });
    expect(brotliDecompressSync(brotli.body).toString()).toContain("<p>/become-a-member</p>");
    const gzipped = await raw("gzip");
    expect(gzipped.encoding).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toContain("<p>/become-a-member</p>");
    const plain = await raw("identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain("<p>/become-a-member</p>");
  });
});
