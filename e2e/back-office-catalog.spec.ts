import sharp from "sharp";
import { expectNoAccessibilityViolations } from "./support/axe";
import { buyBottles, openOrderOf, shareShopWithOwner } from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { cartDrawer, closeDrawer } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

let shop: ShopServer;
let owner: Page;
shareShopWithOwner((started) => {
  ({ shop, owner } = started);
});

async function openItem(name: string) {
  await owner
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Catalog" })
    .click();
  await expect(owner.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await owner.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(owner.getByRole("heading", { level: 1, name })).toBeVisible();
}

const openLuxe = () => openItem("Luxe, 375 ml");

test("the catalog and an item pass axe on a phone and on a desktop", async () => {
  await openLuxe();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  await owner.goBack();
  await expect(owner.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expectNoAccessibilityViolations(owner);
});

test("the owner changes a 375 ml price: a new cart and an open cart show it, an earlier order keeps its price, the audit log has it", async ({
  page,
  browser,
}) => {
  await buyBottles(page, shop, { email: "earlier@example.com", name: "Early Buyer" });

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`${shop.baseURL}/our-olive-oils`);
  await shopper.getByRole("button", { name: /^Add to cart - \$33, Luxe, 375 ml/ }).click();
  await expect(cartDrawer(shopper).getByText("$33").first()).toBeVisible();
  await closeDrawer(shopper);

  await openLuxe();
  const price = owner.getByLabel("New price in dollars");
  await price.fill("thirty");
  await owner.getByRole("button", { name: "Set price" }).click();
  await expect(
    owner.getByText("Please enter a price in dollars, such as 24 or 24.50"),
  ).toBeVisible();
  await expect(price).toHaveValue("thirty");
  await price.fill("35");
  await owner.getByRole("button", { name: "Set price" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Luxe, 375 ml: $35" })).toBeVisible();
  await expect(
    owner.getByRole("region", { name: "Price history" }).getByRole("cell", { name: "$35" }),
  ).toBeVisible();

  // A shopper arriving now sees the new price once the shared page cache has let go of the old
  // page, within five seconds.
  const newcomer = await (await browser.newContext()).newPage();
  const newPrice = newcomer.getByRole("button", { name: /^Add to cart - \$35, Luxe, 375 ml/ });
  await expect(async () => {
    await newcomer.goto(`${shop.baseURL}/our-olive-oils`);
    await expect(newPrice).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 6_000 });

  // The cart left open since before the change shows it when opened again.
  await shopper.getByRole("button", { name: "Cart, 1 item" }).click();
  await expect(cartDrawer(shopper).getByText("Subtotal")).toBeVisible();
  await expect(cartDrawer(shopper).getByText("$35").first()).toBeVisible();

  // The order placed before keeps what it was charged.
  await openOrderOf(owner, shop, "earlier@example.com");
  await expect(owner.getByText("$66").first()).toBeVisible();

  await owner.goto(`${shop.baseURL}/admin/audit`);
  await expect(
    owner.getByRole("row", { name: /Price set luxe .*Price cents: \$33 .*Price cents: \$35/ }),
  ).toBeVisible();
});

test("the owner gives an item a photo: the shop shows it in AVIF and WebP at every width, then the illustration again", async ({
  page,
  request,
}) => {
  const alt = "A bottle of Private Reserve on the stone wall of the grove";
  await openItem("Private Reserve, 375 ml");
  const photoSection = owner.getByRole("region", { name: "Photo" });
  await expect(photoSection.getByText("No photo: the shop shows this illustration.")).toBeVisible();

  // A refused upload says why and keeps what was typed, in its own form and in the others.
  const name = owner.getByLabel("Name", { exact: true });
  await name.fill("Private Reserve, new harvest");
  await photoSection.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "bottle.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are my notes, not a picture."),
  });
  const altField = photoSection.getByLabel("What the picture shows (alt text)");
  await altField.fill(alt);
  await photoSection.getByRole("button", { name: "Upload photo" }).click();
  await expect(photoSection.getByText("This file is not an image we can use")).toBeVisible();
  await expect(altField).toHaveValue(alt);
  await expect(name).toHaveValue("Private Reserve, new harvest");
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  await name.fill("Private Reserve");

  const photo = await sharp({
    create: { width: 1800, height: 2400, channels: 3, background: { r: 70, g: 100, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await photoSection
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "bottle.jpg", mimeType: "image/jpeg", buffer: photo });
  await altField.fill(alt);
  await photoSection.getByRole("button", { name: "Upload photo" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Photo of Private Reserve, 375 ml saved" }),
  ).toBeVisible();
  await expect(photoSection.getByRole("img", { name: alt })).toBeVisible();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }

  // The product page shows it within five seconds, in a <picture> sized for its card.
  const card = page.locator("li#privateReserve");
  await expect(async () => {
    await page.goto(`${shop.baseURL}/our-olive-oils`);
    await expect(card.getByRole("img", { name: alt })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 6_000 });
  const avif = card.locator('picture source[type="image/avif"]');
  const webp = card.locator('picture source[type="image/webp"]');
  await expect(avif).toHaveAttribute(
    "srcset",
    /^\/media\/[\w-]+\/400\.avif 400w, .*800\.avif 800w, .*1200\.avif 1200w, .*\/1600\.avif 1600w$/,
  );
  await expect(webp).toHaveAttribute(
    "srcset",
    /^\/media\/[\w-]+\/400\.webp 400w, .*800\.webp 800w, .*1200\.webp 1200w, .*\/1600\.webp 1600w$/,
  );
  await expect(avif).toHaveAttribute("sizes", "(min-width: 40rem) 192px, 168px");
  const img = card.locator("picture img");
  await expect(img).toHaveAttribute("width", "1800");
  await expect(img).toHaveAttribute("height", "2400");
  await expect(img).toHaveAttribute("loading", "lazy");
  const first = (await avif.getAttribute("srcset"))?.split(" ")[0] ?? "";
  const variant = await request.get(`${shop.baseURL}${first}`);
  expect(variant.headers()["content-type"]).toBe("image/avif");

  await photoSection.getByRole("button", { name: "Remove photo" }).click();
  await expect(
    owner.getByRole("status").filter({
      hasText: "Photo of Private Reserve, 375 ml removed: the shop shows its illustration",
    }),
  ).toBeVisible();
  await expect(photoSection.getByText("No photo: the shop shows this illustration.")).toBeVisible();
  await expect(async () => {
    await page.goto(`${shop.baseURL}/our-olive-oils`);
    await expect(card.locator("picture")).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 6_000 });
  await expect(card.locator("img")).toHaveAttribute(
    "src",
    "/images/bottles/private-reserve-375.svg",
  );

  await owner.goto(`${shop.baseURL}/admin/audit`);
  await expect(
    owner.getByRole("row", { name: /Catalog item photo set privateReserve/ }),
  ).toBeVisible();
  await expect(
    owner.getByRole("row", { name: /Catalog item photo removed privateReserve/ }),
  ).toBeVisible();
});
