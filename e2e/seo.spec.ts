import { expect, type Page, test } from "./support/test";

type JsonLd = Record<string, unknown>;

function jsonLdBlocks(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json ?? "null"),
  );
}

function recipeSlugsIn(html: string): string[] {
  const slugs = [...html.matchAll(/href="\/academy\/recipes\/([a-z0-9-]+)"/g)].map(
    ([, slug]) => slug ?? "",
  );
  return [...new Set(slugs)];
}

/** Parses XML with the browser's own parser: a parse error comes back as text. */
function parseSitemap(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const namespace = "http://www.sitemaps.org/schemas/sitemap/0.9";
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      root: doc.documentElement.localName,
      locations: [...doc.getElementsByTagNameNS(namespace, "loc")].map((node) => node.textContent),
    };
  }, xml);
}

test("a recipe page's raw HTML carries the recipe and valid JSON-LD Recipe data", async ({
  request,
}) => {
  const response = await request.get("/academy/recipes/grilled-sea-bream-with-ladolemono");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>Troia Grove | Grilled Sea Bream With Ladolemono</title>");
  expect(html).toContain("Ingredients</h2>");
  expect(html).toContain("Directions</h2>");

  const blocks = jsonLdBlocks(html);
  expect(blocks.map((block) => block["@type"])).toEqual(["Organization", "Recipe"]);
  const recipe = blocks[1] ?? {};
  expect(recipe["@context"]).toBe("https://schema.org");
  expect(recipe.name).toBe("Grilled Sea Bream with Ladolemono");
  const ingredients = recipe.recipeIngredient as string[];
  expect(ingredients.length).toBeGreaterThan(3);
  const instructions = recipe.recipeInstructions as Array<{ "@type": string; text: string }>;
  expect(instructions.length).toBeGreaterThan(3);
  for (const line of [...ingredients, ...instructions.map((step) => step.text)]) {
    const visible = line.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
    expect(html).toContain(visible);
  }
  expect(instructions.every((step) => step["@type"] === "HowToStep")).toBe(true);
  expect(recipe.image).toEqual([
    expect.stringMatching(/\/images\/recipes\/grilled-sea-bream-with-ladolemono\.svg$/),
  ]);
});

test("every page names the shop as an Organization, with canonical and share tags", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get("/academy?utm_source=newsletter")).text();
  const organization = jsonLdBlocks(html).find((block) => block["@type"] === "Organization");
  expect(organization).toMatchObject({ name: "Troia Grove", url: `${baseURL}/` });
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/academy"/>`);
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/academy"/>`);
  expect(html).toContain('<meta property="og:title" content="Troia Grove | Academy"/>');
  expect(html).toContain(
    `<meta property="og:image" content="${baseURL}/images/brand/share-card.png"/>`,
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
  const image = await request.get("/images/brand/share-card.png");
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("/sitemap.xml is valid XML listing every public page and every recipe", async ({
  request,
  page,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const sitemap = await parseSitemap(page, await response.text());
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe("urlset");
  for (const path of ["/", "/academy", "/academy/health-benefits", "/our-olive-oils"]) {
    expect(sitemap.locations).toContain(`${baseURL}${path}`);
  }
  const slugs = recipeSlugsIn(await (await request.get("/academy/recipes")).text());
  expect(slugs.length).toBeGreaterThanOrEqual(12);
  for (const slug of slugs) {
    expect(sitemap.locations).toContain(`${baseURL}/academy/recipes/${slug}`);
  }
  expect(sitemap.locations.some((location) => location?.includes("/account"))).toBe(false);
});

test("/robots.txt keeps the private pages out and points to the sitemap", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  for (const path of ["/account", "/checkout", "/order-confirmation"]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("shop pages describe their bottles as Products with Offers, and their FAQ", async ({
  request,
}) => {
  const types = (blocks: JsonLd[]) => blocks.map((block) => block["@type"]);
  const offers = (blocks: JsonLd[]) =>
    blocks
      .filter((block) => block["@type"] === "Product")
      .map((block) => [block.sku, (block.offers as JsonLd).price]);

  const oils = jsonLdBlocks(await (await request.get("/our-olive-oils")).text()).flat();
  expect(offers(oils)).toEqual([
    ["premium", "24.00"],
    ["luxe", "33.00"],
    ["privateReserve", "40.00"],
  ]);
  const faq = oils.find((block) => block["@type"] === "FAQPage");
  expect(faq?.mainEntity).toHaveLength(5);

  const restaurants = jsonLdBlocks(await (await request.get("/restaurants")).text()).flat();
  expect(offers(restaurants).map(([sku]) => sku)).toEqual([
    "premium750",
    "luxe750",
    "privateReserve750",
  ]);
  const reduced = restaurants.find((block) => block["@type"] === "FAQPage");
  expect(reduced?.mainEntity as JsonLd[]).toHaveLength(4);

  const discounted = jsonLdBlocks(
    await (await request.get("/community/maria-papadopoulos")).text(),
  ).flat();
  expect(offers(discounted)).toContainEqual(["luxe", "28.05"]);
  expect(
    types(jsonLdBlocks(await (await request.get("/holiday-collection")).text()).flat()),
  ).toContain("Product");
});

test("the structured data the server wrote is still in the page once its scripts have run", async ({
  page,
}) => {
  await page.goto("/our-olive-oils");
  // A shopper's action makes the page render again: the server's text must stay.
  await page
    .getByRole("button", { name: /^Add to cart - / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "null")));
  const types = blocks.flat().map((block: JsonLd) => block["@type"]);
  expect(types).toContain("Organization");
  expect(types).toContain("FAQPage");
  expect(types.filter((type) => type === "Product")).toHaveLength(3);
});
