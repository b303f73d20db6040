import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots.server";
import { sitemapXml } from "./sitemap.server";

describe("sitemapXml", () => {
  it("lists each page under the public address, with the date a recipe was published", () => {
    const xml = sitemapXml("https://troiagrove.example", [
      { path: "/" },
      {
        path: "/academy/recipes/summer-tomato-bread",
        lastModified: new Date("2025-07-18T12:00:00Z"),
      },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://troiagrove.example/</loc></url>",
        "  <url><loc>https://troiagrove.example/academy/recipes/summer-tomato-bread</loc>" +
          "<lastmod>2025-07-18</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("escapes characters XML reserves", () => {
    const xml = sitemapXml("https://troiagrove.example", [{ path: "/search?a=1&b=<2>" }]);
    expect(xml).toContain("<loc>https://troiagrove.example/search?a=1&amp;b=%3C2%3E</loc>");
  });
});

describe("robotsTxt", () => {
  it("keeps account, checkout and order confirmation out and points to the sitemap", () => {
    const text = robotsTxt("https://troiagrove.example");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/account", "/checkout", "/order-confirmation"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain("Sitemap: https://troiagrove.example/sitemap.xml");
  });
});
