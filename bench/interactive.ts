/**
 * `npm run bench:interactive`: what a shopper on a slow phone feels, in real Chromium with 4×
 * CPU throttling and a slow 4G network (Lighthouse's figures), each load in a fresh profile:
 *
 * - the largest contentful paint the page itself observes (PerformanceObserver), on `/` and on
 *   a recipe page;
 * - on `/` and on `/our-olive-oils` (recipe pages carry no 'Add to cart'), from the start of the
 *   navigation: when the first 'Add to cart' could be tapped, and when that tap has opened the
 *   cart. Three ways: tapped as soon as it shows (before the page's scripts have run, the form
 *   posts and the cart shows on the page the shop answers with); tapped as soon as it shows with
 *   scripts off (always the form); and tapped once the page has loaded, its scripts included, and
 *   the browser is idle (the drawer). Each load says which of the drawer or the cart page opened.
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

async function throttledPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
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

type TapMoment = "as soon as it shows" | "with scripts off" | "once scripts ran";

interface Tap {
  /** From the start of the navigation until the tap was made. */
  tappedMs: number;
  /** From the start of the navigation until the open cart was in view. */
  openMs: number;
  /** What opened: the drawer over the page, or the cart page the form's answer led to. */
  opened: "drawer" | "cart page";
}

/**
 * Resolves once the page's scripts have run and the browser has nothing left to do. React
 * Router's entry is an async module, which the load event waits for and DOMContentLoaded does
 * not.
 */
async function scriptsRan(page: Page): Promise<void> {
  await page.waitForLoadState("load", { timeout: 120_000 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 60_000 })),
  );
}

async function tapUntilOpen(browser: Browser, url: string, moment: TapMoment): Promise<Tap> {
  const page = await throttledPage(browser, moment !== "with scripts off");
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    if (moment === "once scripts ran") await scriptsRan(page);
    // The click waits until the button is painted, stable and receives the tap.
    await page
      .getByRole("button", { name: /^Add to cart - / })
      .first()
      .click({ timeout: 120_000, noWaitAfter: true });
    const tappedMs = Date.now() - started;
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    const cartPage = page.getByRole("heading", { name: "Your cart", level: 1 });
    await drawer.or(cartPage).waitFor({ state: "visible", timeout: 120_000 });
    const openMs = Date.now() - started;
    return { tappedMs, openMs, opened: (await drawer.isVisible()) ? "drawer" : "cart page" };
  } finally {
    await page.context().close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const tapMoments: TapMoment[] = ["as soon as it shows", "with scripts off", "once scripts ran"];

async function measure(browser: Browser, baseUrl: string, loads: number) {
  const rows: string[] = [];
  for (const path of lcpPages) {
    const runs: number[] = [];
    for (let load = 0; load < loads; load++) runs.push(await observedLcp(browser, baseUrl + path));
    rows.push(row(`LCP ${path}`, runs));
  }
  for (const path of tapPages) {
    for (const moment of tapMoments) {
      const taps: Tap[] = [];
      for (let load = 0; load < loads; load++) {
        taps.push(await tapUntilOpen(browser, baseUrl + path, moment));
      }
      const opened = taps.map((tap) => tap.opened).join(", ");
      rows.push(
        row(
          `tapped ${path}, ${moment}`,
          taps.map((tap) => tap.tappedMs),
        ),
      );
      rows.push(
        row(
          `cart open ${path}, ${moment} (${opened})`,
          taps.map((tap) => tap.openMs),
        ),
      );
    }
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
