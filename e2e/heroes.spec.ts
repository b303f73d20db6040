import { lowestContrastOverArt } from "./support/contrast";
import { expect, type Locator, type Page, test } from "./support/test";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

const heroes = [
  { path: "/", title: "Taste what's True" },
  { path: "/holiday-collection", title: "Gift what's True" },
  { path: "/restaurants", title: "Olive oil for kitchens that care" },
];

/** Opens a page's hero; the restaurant page first takes the restaurant code, closing its modal. */
async function openHero(page: Page, path: string, title: string) {
  await page.goto(path);
  if (path === "/restaurants") {
    const modal = page.getByRole("dialog", { name: "Available for select restaurants" });
    await modal.getByRole("textbox", { name: "Access code" }).fill("chef-2026");
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(modal).toBeHidden();
  }
  return page.getByRole("region", { name: title });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("The element is not displayed");
  return found;
}

for (const viewport of [phone, desktop]) {
  for (const { path, title } of heroes) {
    test(`${path} at ${viewport.width} px: every text of the hero reads at 4.5:1 over its art`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const hero = await openHero(page, path, title);
      const texts = hero.locator("h1, p");
      await expect(texts.first()).toBeVisible();
      for (const text of await texts.all()) {
        expect(
          await lowestContrastOverArt(text),
          (await text.textContent()) ?? "",
        ).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
}

test("on a phone the holiday gift box is shown whole, under the hero's text", async ({ page }) => {
  await page.setViewportSize(phone);
  const hero = await openHero(page, "/holiday-collection", "Gift what's True");
  const art = hero.locator("img");
  await expect(art).toBeInViewport();
  const picture = await box(art);
  // Uncropped: the whole 16:9 scene, from one edge of the screen to the other.
  expect(picture.x).toBe(0);
  expect(picture.width).toBe(phone.width);
  expect(picture.width / picture.height).toBeCloseTo(16 / 9, 1);
  const buyNow = await box(hero.getByRole("button", { name: /^Buy Now \$49/ }));
  expect(buyNow.y + buyNow.height).toBeLessThanOrEqual(picture.y);
});

test("on a wide screen the holiday hero's text keeps to the left half, clear of the gift box", async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const hero = await openHero(page, "/holiday-collection", "Gift what's True");
  const middle = desktop.width / 2;
  for (const part of [
    hero.getByRole("heading", { level: 1 }),
    hero.getByText(/^Our three oils in a ribboned gift box/),
    hero.getByRole("button", { name: /^Buy Now \$49/ }),
  ]) {
    const { x, width } = await box(part);
    expect(x + width).toBeLessThanOrEqual(middle);
  }
});
