import { startShop } from "./support/shop-server";
import { expect, test } from "./support/test";

test("HTML is server-rendered with a nonce-based CSP that its own scripts satisfy", async ({
  request,
  page,
}) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Taste what");
  expect(html).toContain("<title>Troia Grove | ");
  const headers = response.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined();
  // JSON-LD blocks are data, never executed, so the policy does not apply to them.
  const executable = [...html.matchAll(/<script([^>]*)>/g)].filter(
    ([, attributes]) => !attributes?.includes('type="application/ld+json"'),
  );
  expect(executable.length).toBeGreaterThan(0);
  for (const [, attributes] of executable) {
    expect(attributes).toContain(`nonce="${nonce}"`);
  }

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  await page.getByRole("button", { name: /^Cart/ }).click();
  await expect(page.getByRole("link", { name: "Explore our olive oils" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("hashed assets are cached for a year and compressed", async ({ request }) => {
  const page = await request.get("/");
  const html = await page.text();
  const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  // Named in the answer's headers too, for the browser to ask for it before reading the page.
  expect(page.headers().link).toBe(`<${asset}>; rel=preload; as=style`);
  const response = await request.get(asset ?? "", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
  // Compressed by the build at Brotli's highest quality: sent as it is, with its length.
  const brotli = await request.get(asset ?? "", { headers: { "Accept-Encoding": "gzip, br" } });
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(Number(brotli.headers()["content-length"])).toBeGreaterThan(0);
  expect((await request.get("/assets/missing.js")).status()).toBe(404);
});

test("health and readiness answer", async ({ request }) => {
  expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok" });
  expect(await (await request.get("/readyz")).json()).toMatchObject({ status: "ready" });
});

test("an unknown path leads home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Taste what's True" })).toBeVisible();
});

test("SIGTERM stops the shop cleanly", async () => {
  const shop = await startShop();
  const response = await fetch(`${shop.baseURL}/`);
  expect(response.status).toBe(200);
  expect(await shop.stop()).toBe(0);
  expect(shop.output()).not.toMatch(/error/i);
});

test("a SIGTERM sent the moment the shop listens still stops it cleanly", async () => {
  test.slow(); // three starts of the shop
  // The shop says it listens only once its shutdown handlers are in place.
  for (let attempt = 0; attempt < 3; attempt++) {
    const shop = await startShop();
    expect(await shop.stop()).toBe(0);
  }
});

test("the same build runs on PostgreSQL", async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, "TEST_DATABASE_URL is not set");
  const pg = await import("pg");
  const name = `shop_e2e_${Date.now()}`;
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl ?? "");
  url.pathname = `/${name}`;
  try {
    const shop = await startShop({ DATABASE_URL: url.toString() });
    try {
      const ready = await (await fetch(`${shop.baseURL}/readyz`)).json();
      expect(ready).toEqual({ status: "ready", database: "postgresql" });
      expect(await (await fetch(`${shop.baseURL}/`)).text()).toContain("Taste what");
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
