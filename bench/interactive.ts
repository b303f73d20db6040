/**
 * `npm run bench:interactive`: what a shopper on a slow phone feels, in real Chromium with 4×
 * CPU throttling and a slow 4G network (Lighthouse's figures), each load in a fresh profile:
 *
 * - the largest contentful paint the page itself observes (PerformanceObserver), on `/` and on
 *   a recipe page;
 * - the time from the start of the navigation until a tap on 'Add to cart', made as soon as the
 *   button shows, has changed the cart count, on `/` and on `/our-olive-oils` (recipe pages
 *   carry no 'Add to cart').
 *
 * `--base-url http://…` measures a shop that is already running (an older build, to compare);
 * otherwise the built shop is started with production settings. `--loads N` (default 5).
 */
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { startShop } from "../e2e/support/shop-server";
import { productionEnv } from "./production-env";

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Lighthouse's slow 4G as DevTools applies it: 150 ms RTT × 3.75, 1.6 Mbps × 0.9 down. */
const slow4g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const cpuSlowdown = 4;

const lcpPages = ["/", "/academy/recipes/summer-tomato-bread"];
const tapPages = ["/", "/our-olive-oils"];

async function throttledPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", slow4g);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await page.addInitScript(() => {
    const entries: number[] = [];
    Object.assign(window, { observedLcp: entries });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) entries.push(entry.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  return page;
}

async function observedLcp(browser: Browser, url: string): Promise<number> {
  const page = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // LCP entries stop at the first input; none is made here, so once the network is quiet the
    // last one is final.
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    const entries = await page.evaluate(
      () => (window as unknown as { observedLcp: number[] }).observedLcp,
    );
    const last = entries.at(-1);
    if (last === undefined) throw new Error(`no largest-contentful-paint on ${url}`);
    return last;
  } finally {
    await page.context().close();
  }
}

async function tapUntilCounted(browser: Browser, url: string): Promise<number> {
  const page = await throttledPage(browser);
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    await page
      .getByRole("button", { name: /^Add to cart - / })
      .first()
      .click({ timeout: 120_000, noWaitAfter: true });
    await page
      .getByRole("button", { name: "Cart, 1 item" })
      .waitFor({ state: "visible", timeout: 120_000 });
    return Date.now() - started;
  } finally {
    await page.context().close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(browser: Browser, baseUrl: string, loads: number) {
  const rows: string[] = [];
  for (const path of lcpPages) {
    const runs: number[] = [];
    for (let load = 0; load < loads; load++) runs.push(await observedLcp(browser, baseUrl + path));
    rows.push(row(`LCP ${path}`, runs));
  }
  for (const path of tapPages) {
    const runs: number[] = [];
    for (let load = 0; load < loads; load++) {
      runs.push(await tapUntilCounted(browser, baseUrl + path));
    }
    rows.push(row(`tap → count ${path}`, runs));
  }
  return rows;
}

function row(label: string, runs: number[]): string {
  const each = runs.map((value) => Math.round(value)).join(", ");
  return `| ${label} | ${Math.round(median(runs))} ms | ${each} |`;
}

async function main() {
  const { values } = parseArgs({
    options: { "base-url": { type: "string" }, loads: { type: "string", default: "5" } },
  });
  const loads = Number(values.loads);
  const shop = values["base-url"] ? null : await startShop(productionEnv());
  const baseUrl = values["base-url"] ?? shop?.baseURL ?? "";
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    console.log(`What a shopper feels at ${baseUrl}: 4× CPU, slow 4G, ${loads} loads each\n`);
    console.log("| measure | median | each load |\n|---|---|---|");
    for (const line of await measure(browser, baseUrl, loads)) console.log(line);
  } finally {
    await browser.close();
    await shop?.stop();
  }
}

await main();
