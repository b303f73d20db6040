import { expectNoAccessibilityViolations, expectNoViolationsOfAnyAxeRule } from "./support/axe";
import { cartDrawer, closeDrawer, expectSummary } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

const promoBanner = (page: Page) => page.getByRole("status").filter({ hasText: "Promo code" });

test("WELCOME10 lowers eligible prices everywhere for the visit", async ({ page }) => {
  await page.goto("/our-olive-oils?promoCode=welcome10");
  await expect(page.getByRole("button", { name: /^Add to cart - \$29\.70/ })).toBeVisible();
  await expect(page.getByText("List price $33")).toBeVisible();
  await expect(promoBanner(page)).toHaveText("Promo code WELCOME10 applied: 10% off");
  await page.getByRole("button", { name: /^Add to cart - \$29\.70/ }).click();
  await expectSummary(page, {
    Subtotal: "$33",
    "Discount (WELCOME10)": "−$3.30",
    "Standard shipping": "$15",
    Total: "$44.70",
  });
  await expect(promoBanner(page)).toHaveText("Promo code WELCOME10 applied: 10% off");
  await closeDrawer(page);

  await page.goto("/");
  await expect(page.getByRole("button", { name: /^Add to cart - \$36/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to cart - \$59\.40/ })).toBeVisible();
  await page.goto("/become-a-member");
  await expect(page.getByText("$49/m")).toBeVisible();
});

test("TAKE5 takes $5 off once, only with an eligible item", async ({ page }) => {
  await page.goto("/holiday-collection?promoCode=TAKE5");
  await page
    .getByRole("button", { name: /^Buy Now \$49/ })
    .first()
    .click();
  await expectSummary(page, { Subtotal: "$49", "Standard shipping": "$15", Total: "$64" });
  await expect(cartDrawer(page).getByText(/^Discount/)).toBeHidden();
  await closeDrawer(page);

  await page.goto("/our-olive-oils");
  await expect(page.getByRole("button", { name: /^Add to cart - \$33/ })).toBeVisible();
  // Past the campaign's page, the banner shows only while the code lowers the cart's price.
  await expect(promoBanner(page)).toBeHidden();
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  await expectSummary(page, {
    Subtotal: "$82",
    "Discount (TAKE5)": "−$5",
    "Standard shipping": "$15",
    Total: "$92",
  });
  await expect(promoBanner(page)).toHaveText("Promo code TAKE5 applied: $5 off");
});

test("an expired or unknown code gives no discount, and says so without alarm", async ({
  page,
}) => {
  for (const [code, notice] of [
    ["OLDCODE", "Promo code OLDCODE: This code has expired"],
    ["NOT-A-CODE", "This code is not valid"],
    ["%3Cscript%3E", "This code is not valid"],
  ]) {
    const response = await page.goto(`/our-olive-oils?promoCode=${code}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: notice })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Add to cart - \$33/ })).toBeVisible();
    await expect(page.getByText(/List price/)).toHaveCount(0);
  }
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  await expectSummary(page, { Total: "$48" });
  await expect(page.getByRole("alert")).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px a campaign link says its code was applied, before anything is in the cart`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?promoCode=WELCOME10");
    await expect(promoBanner(page)).toHaveText("Promo code WELCOME10 applied: 10% off");
    await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
    await expectNoViolationsOfAnyAxeRule(page);
  });

  test(`at ${viewport.width} px a link with an expired code replaces the previous code and says it expired`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/our-olive-oils?promoCode=TAKE5");
    await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
    await expectSummary(page, { "Discount (TAKE5)": "−$5", Total: "$43" });
    await closeDrawer(page);
    await expect(promoBanner(page)).toHaveText("Promo code TAKE5 applied: $5 off");

    await page.goto("/our-olive-oils?promoCode=OLDCODE");
    await expect(
      page.getByRole("status").filter({ hasText: "Promo code OLDCODE: This code has expired" }),
    ).toBeVisible();
    await expect(page.getByText("TAKE5")).toHaveCount(0);
    await expectNoViolationsOfAnyAxeRule(page);
    await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
    await expectSummary(page, { Subtotal: "$66", "Standard shipping": "$15", Total: "$81" });
    await expect(cartDrawer(page).getByText(/^Discount/)).toBeHidden();
    await closeDrawer(page);

    // The visit keeps no code at all: the next page says nothing about one.
    await page.goto("/our-story");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /promo code/i })).toHaveCount(0);
  });
}

test("an influencer page applies the influencer's coupon", async ({ page }) => {
  await page.goto("/community/maria-papadopoulos");
  await expect(page).toHaveTitle("Troia Grove | Friends of Maria Papadopoulos");
  await expect(page.getByRole("heading", { level: 1, name: "Maria Papadopoulos" })).toBeVisible();
  await expect(page.getByText("A special offer for friends of Maria")).toBeVisible();
  await expect(page.getByText("15% off our oils")).toBeVisible();
  await page.getByRole("button", { name: /^Add to cart - \$20\.40/ }).click();
  await expectSummary(page, { "Discount (MARIA15)": "−$3.60", Total: "$35.40" });
  await expectNoAccessibilityViolations(page);
  await closeDrawer(page);
  await page.goto("/our-olive-oils");
  await expect(page.getByRole("button", { name: /^Add to cart - \$28\.05/ })).toBeVisible();
});

test("an unknown influencer gets a friendly page with status 404", async ({ page }) => {
  const response = await page.goto("/community/nobody-we-know");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "We couldn't find this community page" }),
  ).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Explore our olive oils" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
