import { expectNoAccessibilityViolations, expectNoViolationsOfAnyAxeRule } from "./support/axe";
import { expect, test } from "./support/test";

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
  const menuButton = page.getByRole("button", { name: "Menu" });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Our Story" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await menu.getByRole("link", { name: "Our Story" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "One family, one grove, one harvest a year" }),
  ).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
});

test("Escape folds the phone menu and gives the focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/our-story");
  const menuButton = page.getByRole("button", { name: "Menu" });
  const menu = page.getByRole("navigation", { name: "Menu" });
  await menuButton.click();
  await menu.getByRole("link", { name: "Our Olive Oils" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(menuButton).toBeFocused();
  await expectNoViolationsOfAnyAxeRule(page);
});

for (const { menuFolded, ...viewport } of [
  { width: 390, height: 844, menuFolded: true },
  { width: 1440, height: 900, menuFolded: false },
]) {
  test(`at ${viewport.width} px only the current page's link is marked current, never Sign In`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const { path, current } of [
      { path: "/our-story", current: "Our Story" },
      { path: "/our-olive-oils", current: "Our Olive Oils" },
    ]) {
      await page.goto(path);
      if (menuFolded) await page.getByRole("button", { name: "Menu" }).click();
      const links = page.getByRole("navigation", { name: menuFolded ? "Menu" : "Main" });
      await expect(links.getByRole("link", { name: current })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(links.getByRole("link", { name: "Sign In" })).not.toHaveAttribute(
        "aria-current",
      );
      await expect(links.locator("[aria-current]")).toHaveCount(1);
    }
  });
}

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

  test("the home page is whole, its carousel and footer included", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Why our oil" });
    await expect(carousel.getByRole("heading", { name: "Grown without pesticides" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Membership" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("the cart button leads to the cart's page, empty or not", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Cart, 0 items" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    await expect(
      page.getByText("You don't have any items in your cart yet. Add your first item."),
    ).toBeVisible();

    await page.goto("/our-olive-oils");
    await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
    await page.goto("/");
    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/Luxe/).first()).toBeVisible();
  });

  test("the phone menu opens, and Escape or a tap outside folds it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/our-story");
    const menuButton = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeHidden();
    await menuButton.click();
    await expect(menu.getByRole("link", { name: "Our Olive Oils" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();
    await menuButton.click();
    await menu.getByRole("link", { name: "Our Olive Oils" }).click();
    await expect(page).toHaveURL(/\/our-olive-oils$/);
    await expect(menu).toBeHidden();
  });
});

test("the carousel works after a form's answer has re-rendered the page above it", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Sign In" }).first().click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await signIn.getByRole("link", { name: "Forgot your password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await reset.getByLabel("Email").fill("someone-scrolling@example.com");
  await reset.getByRole("button", { name: "Send reset link" }).click();
  await expect(reset.getByText("Please check your email to reset your password")).toBeVisible();
  await reset.getByRole("link", { name: "Close" }).click();

  const carousel = page.getByRole("region", { name: "Why our oil" });
  await carousel.scrollIntoViewIfNeeded();
  // Enabled once the carousel's code has run.
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeEnabled();
  // The slides turn by themselves until the focus is inside the carousel.
  await carousel.getByRole("button", { name: /^Slide 1:/ }).click();
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(carousel.locator("[aria-current]")).toHaveAccessibleName(
    "Slide 2: Never older than 18 months",
  );
});

test("the membership band and the footer lead on", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expect(page.getByRole("region", { name: "Membership" })).toBeVisible();
  await footer.getByRole("link", { name: "Holiday Collection" }).click();
  await expect(page).toHaveURL(/\/holiday-collection$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a page opened from a link starts at its top, and a step back returns to where the shopper was", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  // A jump straight to the footer: the carousel above it never came near the viewport.
  await footer.scrollIntoViewIfNeeded();
  const footerLink = footer.getByRole("link", { name: "Holiday Collection" });
  await expect(footerLink).toBeVisible();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(500);
  await footerLink.click();
  await expect(page).toHaveURL(/\/holiday-collection$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(scrolledTo, -1);
});
