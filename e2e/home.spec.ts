import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./support/axe";

test("the home page greets with its hero, its title and no accessibility violation", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/^Troia Grove \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Taste what's True" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bottles and more" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("the home page works on a phone, with the menu folded", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Taste what's True" })).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(
    page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Our Story" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("the empty cart explains itself", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Cart, 0 items" }).click();
  await expect(
    page.getByText("You don't have any items in your cart yet. Add your first item."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Explore our olive oils" }).click();
  await expect(page).toHaveURL(/\/our-olive-oils$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page is whole, its carousel included, and its first script weighs little", async ({
    page,
  }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Why our oil" });
    await expect(carousel.getByRole("heading", { name: "Grown without pesticides" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // The carousel's code is not among the scripts the page asks for before it is used.
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(preloaded.some((href) => href.includes("Carousel"))).toBe(false);
    expect(preloaded.length).toBeGreaterThan(0);
  });
});
