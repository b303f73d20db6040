import { expectNoAccessibilityViolations } from "./support/axe";
import { shareShopWithOwner } from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { cartDrawer } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// One shop and one signed-in owner for the journeys below, in this order.
let shop: ShopServer;
let owner: Page;
shareShopWithOwner((started) => {
  ({ shop, owner } = started);
});

const at = (path: string) => `${shop.baseURL}${path}`;

async function openSettings() {
  await owner
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(owner.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("the settings page passes axe on a phone and on a desktop", async () => {
  await openSettings();
  await owner.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(owner);
  await owner.setViewportSize({ width: 1280, height: 800 });
  await expectNoAccessibilityViolations(owner);
});

test("the free-shipping minimum changed in Settings changes the cart", async ({ page }) => {
  await page.goto(at("/our-olive-oils"));
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  const drawer = cartDrawer(page);
  await expect(drawer.getByText("$67 away from free shipping")).toBeVisible();

  const minimum = owner.getByLabel("Free-shipping minimum ($)");
  await minimum.fill("fifty");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(
    owner.getByText("Please enter an amount in dollars from $0 to $100,000, like 100 or 99.50"),
  ).toBeVisible();
  await expect(minimum).toHaveValue("fifty");
  await minimum.fill("50");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  await expect(minimum).toHaveValue("50");

  // The shopper's next page prices the same cart by the new minimum.
  await page.goto(at("/our-story"));
  await page.getByRole("button", { name: /^Cart, 1 item$/ }).click();
  await expect(drawer.getByText("$17 away from free shipping")).toBeVisible();
  await expect(drawer.getByText("Free shipping on orders of $50 or more")).toBeVisible();

  await owner.goto(at("/admin/audit"));
  await expect(owner.getByText("Free-shipping minimum").first()).toBeVisible();
});

test("a rotated restaurant code is refused at once, and the new one shown once opens restaurant mode", async ({
  page,
}) => {
  await openSettings();
  await owner.getByRole("button", { name: "Rotate restaurant access code" }).click();
  const shown = owner.getByTestId("new-access-code");
  await expect(shown).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  const code = (await shown.textContent()) ?? "";

  // The restaurant page's dialog, or the access page its form answers with before the page's
  // scripts have run: the code is refused, then the new one accepted, either way.
  await page.goto(at("/restaurants"));
  const field = page.getByRole("textbox", { name: "Access code" });
  await field.fill("chef-2026");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Incorrect access code")).toBeVisible();
  await field.fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Restaurant access granted" }),
  ).toBeVisible();

  // Shown once: the page opened again has no code.
  await owner.reload();
  await expect(owner.getByTestId("new-access-code")).toHaveCount(0);
  await expect(owner.getByText(code)).toHaveCount(0);
});
