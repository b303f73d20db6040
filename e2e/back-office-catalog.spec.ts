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

async function openLuxe() {
  await owner
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Catalog" })
    .click();
  await expect(owner.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await owner.getByRole("link", { name: "Edit Luxe, 375 ml" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Luxe, 375 ml" })).toBeVisible();
}

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
