// Renders the raster images that social networks and search engines need from the shop's own
// SVG artwork: the link-preview card (1200×630) and the square logo of the Organization data.
// Run after changing the artwork: `npx tsx scripts/render-share-images.ts`.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { projectPath } from "../server/paths.server";

interface Rendering {
  source: string;
  target: string;
  width: number;
  height: number;
  background: string;
  /** Share of the canvas the artwork fills (the logo gets a margin). */
  scale: number;
}

const renderings: Rendering[] = [
  {
    source: "public/images/scenes/hero-grove.svg",
    target: "public/images/brand/share-card.png",
    width: 1200,
    height: 630,
    background: "#1a200f",
    scale: 1,
  },
  {
    source: "public/images/brand/logo-mark.svg",
    target: "public/images/brand/logo-512.png",
    width: 512,
    height: 512,
    background: "#1a200f",
    scale: 0.7,
  },
];

function page({ source, background, scale }: Rendering): string {
  const svg = readFileSync(projectPath(source), "utf8");
  const fit = scale === 1 ? "cover" : "contain";
  return `<!doctype html><html><body style="margin:0;background:${background};display:grid;place-items:center;height:100vh">
<img alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"
  style="width:${scale * 100}%;height:${scale * 100}%;object-fit:${fit}"></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const rendering of renderings) {
    const tab = await browser.newPage({
      viewport: { width: rendering.width, height: rendering.height },
    });
    await tab.setContent(page(rendering), { waitUntil: "load" });
    await tab.screenshot({ path: projectPath(rendering.target), type: "png" });
    await tab.close();
    process.stdout.write(`${rendering.target}\n`);
  }
} finally {
  await browser.close();
}
