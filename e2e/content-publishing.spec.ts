import sharp from "sharp";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, startShopWithOwner } from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { closeDrawer, expectSummary } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// A shop of its own: the recipe and the influencer page changed here belong to this story only.
let shop: ShopServer;
let owner: Page;
test.beforeAll(async ({ browser }) => {
  shop = await startShopWithOwner();
  owner = await backOfficePage(browser, shop);
});
test.afterAll(async () => {
  await shop.stop();
});
test.describe.configure({ mode: "serial" });

/** A photo as a camera sends it: a JPEG with its metadata. */
async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 1800, height: 1350, channels: 3, background: { r: 150, g: 120, b: 60 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker" } })
    .toBuffer();
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const section = page.getByRole("region", { name: "Photo" });
  await section.getByLabel("New photo").setInputFiles(file);
  await section
    .getByLabel("What the picture shows (alt text)")
    .fill("Bread torn open beside a bowl of green oil");
  await section.getByRole("button", { name: "Upload photo" }).click();
  return section;
}

test("the owner writes, previews and publishes a recipe with a photo, then renames it", async ({
  page,
  request,
}) => {
  await owner.goto(`${shop.baseURL}/admin/recipes`);
  await owner.getByLabel("Title").fill("Harvest Bread with New Oil");
  await owner.getByRole("button", { name: "Start a draft" }).click();
  await expect(
    owner.getByRole("heading", { level: 1, name: "Harvest Bread with New Oil" }),
  ).toBeVisible();
  const editor = owner.url();

  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }

  const introduction = owner.getByLabel("Introduction");
  await introduction.fill("The first bread of the harvest, torn and dipped in the new oil.");
  await expect(owner.getByText("63 of 700 characters")).toBeVisible();
  await owner.getByLabel("Ingredients").fill("1 country loaf\n4 tablespoons Private Reserve");
  await owner.getByLabel("Directions").fill("Warm the loaf.\nTear it.\nDip it in the oil.");
  await owner.getByLabel("Servings").fill("4");
  await owner.getByLabel("Private Reserve").check();
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();

  // A text file named .png is read, not believed.
  const refused = await upload(owner, {
    name: "holiday.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are my notes, not a picture."),
  });
  await expect(refused.getByText("This file is not an image we can use")).toBeVisible();
  await expect(owner.getByLabel("Introduction")).toHaveValue(/^The first bread of the harvest/);

  await upload(owner, { name: "bread.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await expect(
    owner.getByRole("status").filter({ hasText: "Photo added to the draft" }),
  ).toBeVisible();

  // The draft is nowhere public.
  expect(
    (await request.get(`${shop.baseURL}/academy/recipes/harvest-bread-with-new-oil`)).status(),
  ).toBe(404);
  expect(await (await request.get(`${shop.baseURL}/sitemap.xml`)).text()).not.toContain(
    "harvest-bread",
  );

  await owner.getByRole("link", { name: "Preview the draft" }).click();
  await expect(
    owner.getByRole("heading", { level: 1, name: "Harvest Bread with New Oil" }),
  ).toBeVisible();
  await expect(
    owner.getByRole("img", { name: "Bread torn open beside a bowl of green oil" }),
  ).toBeVisible();
  await owner.getByRole("link", { name: "Back to the editor" }).click();

  await owner.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Recipe published" })).toBeVisible();

  // Listed, with its photo in AVIF and WebP at several widths, and in the sitemap.
  await page.goto(`${shop.baseURL}/academy/recipes`);
  await page.getByRole("link", { name: "Harvest Bread with New Oil" }).click();
  await expect(page).toHaveURL(/\/academy\/recipes\/harvest-bread-with-new-oil$/);
  const picture = page.locator("header picture");
  const avif = await picture.locator('source[type="image/avif"]').getAttribute("srcset");
  const webp = await picture.locator('source[type="image/webp"]').getAttribute("srcset");
  expect(avif).toMatch(/\/media\/[\w-]+\/400\.avif 400w, .*\/1600\.avif 1600w$/);
  expect(webp).toMatch(/\/media\/[\w-]+\/400\.webp 400w, .*\/1600\.webp 1600w$/);
  expect(await picture.locator("source").first().getAttribute("sizes")).toBeTruthy();
  const variant = await request.get(`${shop.baseURL}${avif?.split(" ")[0]}`);
  expect(variant.headers()["content-type"]).toBe("image/avif");
  expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(variant.headers().etag).toBeTruthy();
  const html = await (
    await request.get(`${shop.baseURL}/academy/recipes/harvest-bread-with-new-oil`)
  ).text();
  expect(html).toContain('"@type":"Recipe"');
  expect(html).toContain('"recipeYield":"4 servings"');
  expect(await (await request.get(`${shop.baseURL}/sitemap.xml`)).text()).toContain(
    "/academy/recipes/harvest-bread-with-new-oil",
  );

  // A new address: the old one answers 301 to it.
  await owner.goto(editor);
  await owner.getByLabel("Address").fill("harvest-bread");
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByText("Unpublished changes").first()).toBeVisible();
  await owner.getByRole("button", { name: "Publish changes" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Recipe published" })).toBeVisible();
  // Asked fresh: the shop's pages may send an anonymous visitor a copy up to 5 seconds old.
  const moved = await request.get(`${shop.baseURL}/academy/recipes/harvest-bread-with-new-oil`, {
    maxRedirects: 0,
    headers: { "Cache-Control": "no-cache" },
  });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/academy/recipes/harvest-bread");
  await page.goto(`${shop.baseURL}/academy/recipes/harvest-bread-with-new-oil`);
  await expect(page).toHaveURL(/\/academy\/recipes\/harvest-bread$/);

  // The autosave keeps typing without a press, and says so; a save that fails loses nothing
  // and is tried again.
  const editorPath = new URL(editor).pathname;
  await owner.route(`**${editorPath}`, (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  await owner.getByLabel("Introduction").fill("The first bread of the harvest, still warm.");
  await expect(owner.getByText(/^Not saved: the shop could not be reached/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(owner.getByLabel("Introduction")).toHaveValue(
    "The first bread of the harvest, still warm.",
  );
  await owner.unroute(`**${editorPath}`);
  await expect(owner.getByText(/^Draft saved at /)).toBeVisible({ timeout: 15_000 });
  await owner.reload();
  await expect(owner.getByLabel("Introduction")).toHaveValue(
    "The first bread of the harvest, still warm.",
  );
});

test("the owner changes an influencer's bio, then takes the page down", async ({ page }) => {
  await owner.goto(`${shop.baseURL}/admin/influencers`);
  await owner.getByRole("link", { name: "Maria Papadopoulos" }).click();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  const bio = "I cook on Lesvos every summer and in Oakland the rest of the year.";
  await owner.getByLabel("Bio (why they cook with our oil)").fill(bio);
  await owner.getByRole("button", { name: "Save page" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Influencer page saved" }),
  ).toBeVisible();
  await page.goto(`${shop.baseURL}/community/maria-papadopoulos`);
  await expect(page.getByText(bio)).toBeVisible();

  await owner.getByLabel("Page is up (clear to take it down)").uncheck();
  await owner.getByRole("button", { name: "Save page" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Influencer page saved" }),
  ).toBeVisible();
  // An anonymous visitor may be shown a copy of the page rendered up to 5 seconds earlier.
  await expect
    .poll(async () => (await page.goto(`${shop.baseURL}/community/maria-papadopoulos`))?.status())
    .toBe(410);
  await page.getByRole("link", { name: "Shop our olive oils" }).click();
  await expect(page).toHaveURL(/\/our-olive-oils$/);
});

test("the owner rewrites a health benefit, and the article shows it", async ({ page }) => {
  await owner.goto(`${shop.baseURL}/admin/academy`);
  await owner.getByRole("link", { name: "Bone health" }).click();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  const text = "Two years of a Mediterranean diet with olive oil raised a marker of new bone.";
  await owner.getByLabel("Text").fill(text);
  await expect(owner.getByText(`${text.length} of 600 characters`)).toBeVisible();
  await owner.getByRole("button", { name: "Save section" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Section saved" })).toBeVisible();
  await page.goto(`${shop.baseURL}/academy/health-benefits`);
  await expect(page.getByRole("listitem").filter({ hasText: "Bone health" })).toContainText(text);
});

test("the owner signs a new influencer with a portrait, then takes the page down", async ({
  page,
}) => {
  // Three accessibility audits and an upload processed in four widths.
  test.slow();
  await owner.goto(`${shop.baseURL}/admin/influencers`);
  await owner.getByRole("link", { name: "New influencer page" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "New influencer page" })).toBeVisible();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  const bio = "I teach Saturday cooking classes in Sacramento, and every one starts with this oil.";
  await owner.getByLabel("First name").fill("Sofia");
  await owner.getByLabel("Last name").fill("Lindqvist");
  await owner.getByLabel("Title (who they are)").fill("Cooking teacher in Sacramento");
  await owner.getByLabel("Quote at the top").fill("Start with good oil and the rest follows.");
  await owner.getByLabel("Bio (why they cook with our oil)").fill(bio);
  await owner.getByLabel("Offer").selectOption("MOTHERSDAY10");
  await owner.getByLabel("Put the page up at once (leave clear to keep it a draft)").check();
  await owner
    .getByLabel("Portrait photo")
    .setInputFiles({ name: "sofia.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await owner
    .getByLabel("What the picture shows (alt text)")
    .fill("Sofia Lindqvist pouring oil over a salad");
  await owner.getByRole("button", { name: "Create the page" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Influencer page created and up" }),
  ).toBeVisible();
  await expect(owner.getByRole("heading", { level: 1, name: "Sofia Lindqvist" })).toBeVisible();

  // Public at the address made from the name, with its portrait, its bio and its offer applied.
  const opened = await page.goto(`${shop.baseURL}/community/sofia-lindqvist`);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Sofia Lindqvist" })).toBeVisible();
  await expect(page.getByText(bio)).toBeVisible();
  await expect(
    page.getByRole("img", { name: "Sofia Lindqvist pouring oil over a salad" }),
  ).toBeVisible();
  await expect(page.getByText("A special offer for friends of Sofia")).toBeVisible();
  await page.getByRole("button", { name: /^Add to cart - \$21\.60/ }).click();
  await expectSummary(page, { "Discount (MOTHERSDAY10)": "−$2.40", Total: "$36.60" });
  await closeDrawer(page);

  await owner.getByLabel("Page is up (clear to take it down)").uncheck();
  await owner.getByRole("button", { name: "Save page" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Influencer page saved" }),
  ).toBeVisible();
  const gone = await page.goto(`${shop.baseURL}/community/sofia-lindqvist`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByText("A special offer for friends of Sofia")).toHaveCount(0);
  await page.getByRole("link", { name: "Shop our olive oils" }).click();
  await expect(page).toHaveURL(/\/our-olive-oils$/);
});

test("the owner adds a health benefit and moves it up; the article shows the new order", async ({
  page,
}) => {
  // Three accessibility audits.
  test.slow();
  await owner.goto(`${shop.baseURL}/admin/academy`);
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  await owner.getByRole("link", { name: "Add a section to Health benefits" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "New section" })).toBeVisible();
  await expectNoAccessibilityViolations(owner);
  await owner.getByLabel("Title").fill("Better sleep");
  await owner
    .getByLabel("Text")
    .fill("People who ate a Mediterranean diet rich in olive oil slept better and longer.");
  await owner
    .getByLabel("Citation (authors, journal, year)")
    .fill("Godos et al., International Journal of Food Sciences and Nutrition, 2019");
  await owner.getByLabel("Link to the study").fill("https://doi.org/10.1080/09637486.2018.1554024");
  await owner.getByRole("button", { name: "Add the section" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Section added at the end" }),
  ).toBeVisible();

  const benefits = owner.getByRole("region", { name: "Health benefits" }).getByRole("listitem");
  await expect(benefits.last()).toContainText("Better sleep");
  await owner.getByRole("button", { name: "Move up Better sleep" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Section moved" })).toBeVisible();
  await expect(benefits.last()).toContainText("A longer life");

  await page.goto(`${shop.baseURL}/academy/health-benefits`);
  const cards = page.getByRole("region", { name: "The benefits" }).getByRole("heading", {
    level: 2,
  });
  await expect(cards).toHaveCount(10);
  await expect(cards.nth(8)).toHaveText("Better sleep");
  await expect(cards.nth(9)).toHaveText("A longer life");
  await expect(
    page.getByRole("link", { name: /^Godos et al\., International Journal/ }),
  ).toHaveAttribute("href", "https://doi.org/10.1080/09637486.2018.1554024");
});
