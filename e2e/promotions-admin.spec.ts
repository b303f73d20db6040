import { newShopper } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { shareShopWithOwner } from "./support/back-office";
import { fillSandboxForm } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { cartDrawer } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// A shop of its own: the promotion created here and its uses belong to this journey only.
let shop: ShopServer;
let owner: Page;
shareShopWithOwner((started) => {
  ({ shop, owner } = started);
});

const guest = newShopper("Grace");

/** A guest's cart of one Luxe bottle with `typed` applied in the drawer, the drawer left open. */
async function cartWithCode(page: Page, typed: string) {
  const code = typed.toUpperCase();
  await page.goto(`${shop.baseURL}/our-olive-oils`);
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  const drawer = cartDrawer(page);
  await drawer.getByLabel("Promo code").fill(typed);
  await drawer.getByRole("button", { name: "Apply" }).click();
  await expect(drawer.getByRole("status").filter({ hasText: `Promo code ${code}` })).toHaveText(
    `Promo code ${code} applied: 15% off`,
  );
  return drawer;
}

test("the owner creates a promotion, once per customer, and it applies in the cart", async ({
  page,
}) => {
  await owner.goto(`${shop.baseURL}/admin/promotions`);
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
  const form = owner.getByRole("region", { name: "New promotion" });
  await form.getByLabel("Code", { exact: true }).fill("once per");
  await form.getByLabel("Percent off (for a percent)").fill("150");
  await form.getByRole("button", { name: "Create promotion" }).click();
  await expect(
    form.getByText("Please enter a code of letters, digits, - or _ (up to 40)"),
  ).toBeVisible();
  await expect(form.getByText("Please enter a percent from 1 to 100")).toBeVisible();
  await expect(form.getByLabel("Code", { exact: true })).toHaveValue("once per");
  await expectNoAccessibilityViolations(owner);

  await form.getByLabel("Code", { exact: true }).fill("GRACE15");
  await form.getByLabel("Percent off (for a percent)").fill("15");
  await form.getByLabel("Uses per customer e-mail (empty: no limit)").fill("1");
  await form.getByRole("button", { name: "Create promotion" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Promotion GRACE15 created" }),
  ).toBeVisible();
  const row = owner
    .getByRole("listitem")
    .filter({ has: owner.getByRole("heading", { name: /GRACE15/ }) });
  await expect(row).toContainText("0 used · 0 reserved · no limit");
  await expect(row).toContainText("1 per customer");

  const drawer = await cartWithCode(page, "grace15");
  await drawer.getByLabel("Email").fill(guest.email);
  await drawer.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await fillSandboxForm(page, { email: guest.email, name: "Grace Hopper" });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();

  await owner.reload();
  await expect(row).toContainText("1 used · 0 reserved · no limit");
});

test("a per-customer promotion refuses the second use by the same guest e-mail", async ({
  page,
}) => {
  const drawer = await cartWithCode(page, "GRACE15");
  await drawer.getByLabel("Email").fill(guest.email.toUpperCase());
  await drawer.getByRole("button", { name: "Checkout" }).click();
  await expect(drawer.getByText("You have already used this code")).toBeVisible();
  await expect(page).toHaveURL(`${shop.baseURL}/our-olive-oils`);
});

test("the owner pauses the promotion, and the shopper is told it expired", async ({ page }) => {
  await owner.goto(`${shop.baseURL}/admin/promotions`);
  await owner.getByRole("button", { name: "Pause GRACE15" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "Promotion GRACE15 paused" }),
  ).toBeVisible();
  await page.goto(`${shop.baseURL}/our-olive-oils?promoCode=GRACE15`);
  await expect(page.getByRole("status").filter({ hasText: "GRACE15" })).toHaveText(
    "Promo code GRACE15: This code has expired",
  );
});
