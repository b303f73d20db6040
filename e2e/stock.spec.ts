import { expectNoAccessibilityViolations } from "./support/axe";
import { shareShopWithOwner } from "./support/back-office";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { cartDrawer } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

let shop: ShopServer;
let owner: Page;
shareShopWithOwner((started) => {
  ({ shop, owner } = started);
});

const luxeSection = () => owner.getByRole("region", { name: "Luxe, 375 ml" });

async function countLuxe(bottles: number) {
  await owner.goto(`${shop.baseURL}/admin/stock`);
  const section = luxeSection();
  await section.getByLabel("Bottles counted").fill(String(bottles));
  await section.getByRole("button", { name: "Correct count" }).click();
  await expect(owner.getByText(`now holds ${bottles} bottles`)).toBeVisible();
}

test("the Stock page shows each bottle's lots, and has no accessibility violations", async () => {
  await owner.goto(`${shop.baseURL}/admin/stock`);
  await expect(owner.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  await expect(luxeSection().getByText(/^Harvest of November \d{4} · lot \d+$/)).toBeVisible();
  await expect(luxeSection().getByText("Selling")).toBeVisible();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
  }
});

test("the last bottle goes to the shopper who checks out first; the other is told before paying", async ({
  page,
  browser,
}) => {
  await countLuxe(1);
  const first = await startCheckoutFromCart(page, shop.baseURL, {
    counts: { luxe: 1 },
    localPickup: false,
  });
  expect(first).toMatch(/\/checkout\/sandbox\//);

  const other = await (await browser.newContext()).newPage();
  await other.goto("about:blank");
  await other.request.post(`${shop.baseURL}/api/cart`, {
    data: { counts: { luxe: 1 }, localPickup: false },
  });
  await other.goto(`${shop.baseURL}/our-olive-oils`);
  const luxeCard = other.getByRole("listitem").filter({ hasText: "Pressed within 24 hours" });
  await expect(luxeCard.getByText("Sold out")).toBeVisible();
  await expect(luxeCard.getByRole("button", { name: /^Add to cart/ })).toHaveCount(0);
  await other.getByRole("button", { name: /^Cart, 1 item$/ }).click();
  await expect(cartDrawer(other).getByText("Sold out")).toBeVisible();
  await cartDrawer(other).getByRole("button", { name: "Checkout" }).click();
  await expect(cartDrawer(other).getByText("Luxe, 375 ml: Sold out")).toBeVisible();
  await expect(other).toHaveURL(/\/our-olive-oils$/);

  await fillSandboxForm(page, { email: "first@example.com", name: "Ada Lovelace", address: true });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();

  await owner.goto(`${shop.baseURL}/admin/stock`);
  await expect(luxeSection().getByText("No lot holds bottles")).toBeVisible();
});

test("a tasting set draws on its bottles: sold out without Luxe, back once a lot is received", async ({
  page,
}) => {
  await page.goto(`${shop.baseURL}/our-olive-oils`);
  await expect(page.getByText(/^Harvest of November \d{4}$/).first()).toBeVisible();
  const tasting = page.getByRole("region", { name: "Three oils, one table" });
  await expect(tasting.getByText("Sold out")).toBeVisible();
  await expect(tasting.getByRole("button", { name: /^Add to cart/ })).toHaveCount(0);
  await owner.goto(`${shop.baseURL}/admin/stock`);
  const receiving = owner.getByRole("region", { name: "Receive a lot" });
  await receiving.getByLabel("Bottle", { exact: true }).selectOption({ label: "Luxe, 375 ml" });
  await receiving.getByLabel("Bottles").fill("0");
  await receiving.getByRole("button", { name: "Receive lot" }).click();
  await expect(receiving.getByText(/^Please enter the number of bottles/)).toBeVisible();
  await expect(receiving.getByLabel("Bottle", { exact: true })).toHaveValue("luxe");
  await receiving.getByLabel("Bottles").fill("12");
  await receiving.getByRole("button", { name: "Receive lot" }).click();
  await expect(owner.getByText("Lot received: 12 bottles of Luxe, 375 ml")).toBeVisible();
  await expect(
    luxeSection().getByRole("definition").filter({ hasText: /^12$/ }).first(),
  ).toBeVisible();
  // Visitors without a cookie share a rendered copy of the page for a few seconds.
  await expect(async () => {
    await page.reload();
    await expect(tasting.getByRole("button", { name: /^Add to cart/ })).toBeVisible({
      timeout: 1000,
    });
  }).toPass();
});
