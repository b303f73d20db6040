import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./scripts-after-paint.server";

const nonce = "bm9uY2Utb2YtdGhlLXBhZ2U=";
const startModule = `;
import * as route0 from "/assets/root-A1.js";
window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-B2.js"},"note":"a <b>bold</b> olé"};
import("/assets/entry.client-B2.js");`;

const page = [
  "<!DOCTYPE html><html><head><title>Troia Grove</title>",
  '<link rel="stylesheet" href="/assets/app.css"/>',
  `<link rel="modulepreload" href="/assets/entry.client-B2.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/root-A1.js" nonce="${nonce}"/>`,
  "</head><body><main><h1>Taste what’s True</h1></main>",
  `<script nonce="${nonce}">window.__reactRouterContext = {"state":1};</script>`,
  `<script nonce="${nonce}" type="module" async="">${startModule}</script>`,
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`,
  "</body></html>",
].join("");

async function transform(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
}

/** An element as far as the loader sees it: a button, or something inside one. */
class FakeElement {
  constructor(readonly insideButton: FakeElement | null) {}
  closest(selector: string) {
    expect(selector).toBe('button[type="button"]');
    return this.insideButton;
  }
}

/** A picture whose decoding ends when the test says. */
function fakePicture() {
  let decoded = () => {};
  const decoding = new Promise<void>((resolve) => {
    decoded = resolve;
  });
  return { picture: { decode: () => decoding }, decoded };
}

/** A browser as far as the loader sees it: frames and timers run when the test says. */
function fakeBrowser(visibilityState: "visible" | "hidden", leadingPictures: unknown[] = []) {
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const head: Record<string, string>[] = [];
  const body: Record<string, string>[] = [];
  const clickListeners = new Set<(event: { target: unknown }) => void>();
  const window: Record<string, { buttons: unknown[]; stop: () => void } | undefined> = {};
  const document = {
    visibilityState,
    head: { append: (element: Record<string, string>) => head.push(element) },
    body: { append: (element: Record<string, string>) => body.push(element) },
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('img[fetchpriority="high"]');
      return leadingPictures;
    },
    addEventListener: (_type: string, listener: (event: { target: unknown }) => void) =>
      clickListeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { target: unknown }) => void) =>
      clickListeners.delete(listener),
  };
  const run = (script: string) =>
    new Function("window", "document", "Element", "requestAnimationFrame", "setTimeout", script)(
      window,
      document,
      FakeElement,
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
    );
  const tap = (target: unknown) => {
    for (const listener of clickListeners) listener({ target });
  };
  /** Lets promises settle, then paints a frame. */
  const paint = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    for (const frame of frames.splice(0)) frame();
  };
  /** Runs the timers due `ms` from now. */
  const runTimers = (ms: number) => {
    for (const timer of timers.filter((timer) => timer.ms <= ms)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.callback();
    }
  };
  return { run, tap, paint, runTimers, window, head, body };
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
}

describe("scriptsAfterFirstPaint", () => {
  it("takes the preloads and the start module out of the page, and keeps the rest as it was", async () => {
    const html = await transform([Buffer.from(page)]);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<h1>Taste what’s True</h1>");
    expect(html).toContain(`<script nonce="${nonce}">window.__reactRouterContext = {"state":1};`);
    expect(html.endsWith("streamController.close();</script></body></html>")).toBe(true);
    // The written-back module is escaped: no tag of it is left in the page.
    expect(inlineScripts(html)).toHaveLength(3);
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain(`<script nonce="${nonce}">(`);
  });

  it("gives the same page however the stream is cut, a character in two included", async () => {
    const whole = await transform([Buffer.from(page)]);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const html = await transform([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(html, `cut at byte ${cut}`).toBe(whole);
    }
    const byteByByte = await transform([...bytes].map((byte) => Buffer.from([byte])));
    expect(byteByByte).toBe(whole);
  });

  it("writes the preloads and the start module back, with the nonce, only after the first paint", async () => {
    const loader = inlineScripts(await transform([Buffer.from(page)]))[1] ?? "";
    const browser = fakeBrowser("visible");
    browser.run(loader);
    browser.runTimers(0);
    expect(browser.head).toEqual([]);
    await browser.paint();
    expect(browser.body).toEqual([]);
    browser.runTimers(0);
    expect(browser.head).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-B2.js", nonce },
      { tag: "link", rel: "modulepreload", href: "/assets/root-A1.js", nonce },
    ]);
    expect(browser.body).toEqual([
      { tag: "script", type: "module", nonce, textContent: startModule },
    ]);
    browser.runTimers(60_000);
    expect(browser.body).toHaveLength(1);
  });

  it("waits for the leading pictures to be painted too, but not for longer than 3 s", async () => {
    const loader = inlineScripts(await transform([Buffer.from(page)]))[1] ?? "";
    const hero = fakePicture();
    const browser = fakeBrowser("visible", [hero.picture]);
    browser.run(loader);
    await browser.paint();
    browser.runTimers(0);
    expect(browser.body).toEqual([]);
    hero.decoded();
    await browser.paint();
    browser.runTimers(0);
    expect(browser.body).toHaveLength(1);

    const stalled = fakeBrowser("visible", [fakePicture().picture]);
    stalled.run(loader);
    await stalled.paint();
    stalled.runTimers(2999);
    expect(stalled.body).toEqual([]);
    stalled.runTimers(3000);
    expect(stalled.body).toHaveLength(1);
  });

  it("starts at once, and once only, in a tab that is not shown", async () => {
    const loader = inlineScripts(await transform([Buffer.from(page)]))[1] ?? "";
    const browser = fakeBrowser("hidden");
    browser.run(loader);
    expect(browser.body).toHaveLength(1);
    await browser.paint();
    browser.runTimers(60_000);
    expect(browser.head).toHaveLength(2);
    expect(browser.body).toHaveLength(1);
  });

  it("remembers the buttons tapped before the code runs, until told to stop", async () => {
    const loader = inlineScripts(await transform([Buffer.from(page)]))[1] ?? "";
    const browser = fakeBrowser("visible");
    browser.run(loader);
    const addToCart = new FakeElement(null);
    const labelInside = new FakeElement(addToCart);
    browser.tap(labelInside);
    browser.tap(new FakeElement(null));
    const early = browser.window.__earlyTaps;
    expect(early?.buttons).toEqual([addToCart]);
    early?.stop();
    browser.tap(labelInside);
    expect(early?.buttons).toHaveLength(1);
  });

  it("passes a page without a start module through unchanged", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Not found</p><script>1 < 2</script></body></html>";
    expect(await transform([Buffer.from(plain)])).toBe(plain);
  });
});
