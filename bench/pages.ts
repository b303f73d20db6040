/**
 * `npm run bench:pages`: how fast the shop's pages are, measured on the built shop.
 *
 * 1. Lighthouse, mobile preset, three runs per page, the median run reported (system Chromium).
 * 2. The gzip size of every script each page loads, from the median run's network records.
 * 3. autocannon on the server-rendered home page next to the same HTML served from memory by a
 *    bare Node `http` server, in the same run: both rates, their ratio and the p99 latencies.
 *
 * The recipe page is measured with a photo uploaded through the image store (as the owner's
 * upload makes it: AVIF and WebP at each width), written into the shop's database before it is
 * measured. `BENCH_PAGES=/path,/path` measures only those pages.
 *
 * Add a page to `benchPages` to measure it too.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { launch } from "chrome-launcher";
import { eq } from "drizzle-orm";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import sharp from "sharp";
import { startShop } from "../e2e/support/shop-server";
import { serverOperator } from "../server/audit/audit.server";
import { storeUploadedImage } from "../server/content/images.server";
import { openDatabase } from "../server/db/client.server";
import { recipes } from "../server/db/schema.server";
import { productionEnv } from "./production-env";

interface BenchPage {
  path: string;
  /** A JavaScript budget in bytes (gzip), for pages that have one. */
  jsBudgetBytes?: number;
}

/** The recipe measured with an uploaded photo. */
const photoRecipeSlug = "summer-tomato-bread";

export const benchPages: BenchPage[] = [
  { path: "/", jsBudgetBytes: 120 * 1024 },
  { path: "/our-olive-oils" },
  { path: "/restaurants" },
  { path: "/academy" },
  { path: "/academy/recipes" },
  { path: `/academy/recipes/${photoRecipeSlug}` },
];

/** Uploads a camera-sized photo into the stopped shop's database and gives it to the recipe. */
async function givePhotoToRecipe(dataDir: string): Promise<void> {
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(12)
    .jpeg({ quality: 90 })
    .toBuffer();
  const handle = openDatabase({ kind: "pglite", dataDir });
  try {
    const stored = await storeUploadedImage(handle.db, serverOperator, {
      file: new File([new Uint8Array(photo)], "photo.jpg"),
      alt: "Tomato bread on a wooden board",
    });
    if (!stored.ok) throw new Error(`the photo was refused: ${JSON.stringify(stored.fieldErrors)}`);
    await handle.db
      .update(recipes)
      .set({ imageId: stored.imageId })
      .where(eq(recipes.slug, photoRecipeSlug));
  } finally {
    await handle.close();
  }
}

const onlyPaths = process.env.BENCH_PAGES?.split(",");

const targets = {
  performance: 95,
  accessibility: 100,
  seo: 100,
  lcpMs: 1800,
  cls: 0.05,
  ssrShareOfStatic: 0.1,
  ssrP99Ms: 60,
};

const runsPerPage = 3;
const loadSeconds = 10;
const connections = 50;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
];

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const verdict = (ok: boolean) => (ok ? "✓" : "✗ over target");

/** Three complete runs; a run Lighthouse could not finish (no first paint seen) is run again. */
async function lighthouseRuns(url: string, port: number): Promise<LighthouseResult[]> {
  const runs: LighthouseResult[] = [];
  for (let attempt = 0; runs.length < runsPerPage && attempt < runsPerPage * 2; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "seo"],
    });
    if (result && filterToValidRuns([result.lhr]).length === 1) runs.push(result.lhr);
    else console.log(`  (a run of ${url} did not complete: ${result?.lhr.runtimeError?.message})`);
  }
  if (runs.length < runsPerPage) throw new Error(`Lighthouse could not measure ${url}`);
  return runs;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

function scriptUrls(result: LighthouseResult): string[] {
  const details = result.audits["network-requests"]?.details;
  const items = details && "items" in details ? (details.items as NetworkRequest[]) : [];
  return [
    ...new Set(items.filter((item) => item.resourceType === "Script").map((item) => item.url)),
  ];
}

async function gzipBytes(urls: string[]): Promise<number> {
  const sizes = await Promise.all(
    urls.map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

const score = (result: LighthouseResult, category: string) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);
const metric = (result: LighthouseResult, audit: string) =>
  result.audits[audit]?.numericValue ?? NaN;

async function measurePage(baseURL: string, page: BenchPage, port: number): Promise<boolean> {
  const runs = await lighthouseRuns(`${baseURL}${page.path}`, port);
  const median = computeMedianRun(runs);
  const performance = score(median, "performance");
  const accessibility = score(median, "accessibility");
  const seo = score(median, "seo");
  const lcp = metric(median, "largest-contentful-paint");
  const cls = metric(median, "cumulative-layout-shift");
  const js = await gzipBytes(scriptUrls(median));
  const checks = [
    performance >= targets.performance,
    accessibility >= targets.accessibility,
    seo >= targets.seo,
    lcp <= targets.lcpMs,
    cls <= targets.cls,
    page.jsBudgetBytes === undefined || js <= page.jsBudgetBytes,
  ];
  console.log(`\n${page.path}  (median of ${runsPerPage} Lighthouse runs, mobile)`);
  console.log(`  performance    ${performance}  ${verdict(checks[0] ?? false)}`);
  console.log(`  accessibility  ${accessibility}  ${verdict(checks[1] ?? false)}`);
  console.log(`  SEO            ${seo}  ${verdict(checks[2] ?? false)}`);
  console.log(`  LCP            ${(lcp / 1000).toFixed(2)} s  ${verdict(checks[3] ?? false)}`);
  console.log(`  CLS            ${cls.toFixed(3)}  ${verdict(checks[4] ?? false)}`);
  console.log(`  TBT            ${Math.round(metric(median, "total-blocking-time"))} ms`);
  const budget = page.jsBudgetBytes
    ? ` (budget ${(page.jsBudgetBytes / 1024).toFixed(0)} KiB) ${verdict(checks[5] ?? false)}`
    : "";
  console.log(
    `  JavaScript     ${(js / 1024).toFixed(1)} KiB gzip (${js.toLocaleString("en-US")} bytes)${budget}`,
  );
  return checks.every(Boolean);
}

function serveFromMemory(html: Buffer): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: loadSeconds, headers });
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function compareWithStatic(baseURL: string): Promise<boolean> {
  const html = Buffer.from(await (await fetch(`${baseURL}/`)).arrayBuffer());
  const bare = await serveFromMemory(html);
  try {
    const ssr = await load(`${baseURL}/`);
    // Any cookie makes a request personal, so this one renders every time: the cost of a page
    // for a visitor with a session, a promotion or an access grant.
    const uncached = await load(`${baseURL}/`, { Cookie: "visitor=bench" });
    const { port } = bare.address() as AddressInfo;
    const memory = await load(`http://127.0.0.1:${port}/`);
    const ratio = ssr.rate / memory.rate;
    const ok = ratio >= targets.ssrShareOfStatic && ssr.p99 <= targets.ssrP99Ms && ssr.errors === 0;
    console.log(`\nautocannon, ${connections} connections, ${loadSeconds} s each`);
    console.log(
      "  (anonymous pages are sent from memory and rendered again in the background: server/http/page-cache.server.ts)",
    );
    console.log(
      `  SSR /           ${ssr.rate.toFixed(0)} req/s, p99 ${ssr.p99} ms, ${ssr.errors} errors`,
    );
    console.log(
      `  SSR / uncached  ${uncached.rate.toFixed(0)} req/s, p99 ${uncached.p99} ms, ${uncached.errors} errors (every request rendered)`,
    );
    console.log(
      `  static memory   ${memory.rate.toFixed(0)} req/s, p99 ${memory.p99} ms (${html.length} bytes)`,
    );
    console.log(`  SSR / static    ${(ratio * 100).toFixed(1)}%  ${verdict(ok)}`);
    console.log(
      `  uncached/static ${((uncached.rate / memory.rate) * 100).toFixed(1)}% (no target)`,
    );
    return ok;
  } finally {
    bare.close();
  }
}

async function main() {
  const shop = await startShop(productionEnv());
  await shop.restartAfter(() => givePhotoToRecipe(shop.dataDir));
  const chrome = await launch({ chromePath, chromeFlags });
  const results: boolean[] = [];
  const pages = benchPages.filter((page) => !onlyPaths || onlyPaths.includes(page.path));
  try {
    for (const page of pages) results.push(await measurePage(shop.baseURL, page, chrome.port));
    if (!onlyPaths) results.push(await compareWithStatic(shop.baseURL));
  } finally {
    chrome.kill();
    await shop.stop();
  }
  const allMet = results.every(Boolean);
  console.log(allMet ? "\nAll targets met." : "\nSome targets were missed (✗ above).");
  process.exitCode = allMet ? 0 : 1;
}

await main();
