import { expectNoAccessibilityViolations } from "./support/axe";
import { expect, test } from "./support/test";

test("the academy opens with its hero, three topic cards and the founders", async ({ page }) => {
  await page.goto("/academy");
  await expect(page).toHaveTitle("Troia Grove | Academy");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Home", "Health Benefits", "Choosing Olive Oil", "Recipes", "Shop"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole("heading", { level: 1, name: "The Olive Oil Academy" }),
  ).toBeVisible();
  const topics = page.locator("#discover").getByRole("listitem");
  await expect(topics).toHaveCount(3);
  await expect(topics.getByRole("heading")).toHaveText([
    "Health Benefits",
    "Choosing Olive Oil",
    "Recipes",
  ]);
  await expect(
    page.getByRole("heading", { level: 2, name: "Why we started the academy" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole("link", { name: "Start Discovering" }).click();
  await expect(page).toHaveURL(/\/academy#discover$/);
  await expect(page.getByRole("heading", { name: "Three ways into olive oil" })).toBeInViewport();

  await page.getByRole("link", { name: "Or, jump to recipes" }).click();
  await expect(page).toHaveURL(/\/academy\/recipes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Recipes" })).toBeVisible();
});

test("the academy topic cards lead to their pages", async ({ page }) => {
  await page.goto("/academy");
  await page.getByRole("link", { name: "Explore the health benefits" }).click();
  await expect(page).toHaveURL(/\/academy\/health-benefits$/);
  await page.goBack();
  await page.getByRole("link", { name: "Learn how to choose" }).click();
  await expect(page).toHaveURL(/\/academy\/choosing-olive-oil$/);
});

test("health benefits shows nine cards, most with a study opening in a new tab", async ({
  page,
}) => {
  await page.goto("/academy/health-benefits");
  await expect(page).toHaveTitle("Troia Grove | Health Benefits");
  const cards = page
    .getByRole("list")
    .filter({ has: page.getByText("Heart health") })
    .getByRole("listitem");
  await expect(cards).toHaveCount(9);
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText([
    "Heart health",
    "Brain health",
    "Immune support",
    "Cancer prevention",
    "Diabetes prevention",
    "Anti-inflammatory",
    "Bone health",
    "Mental outlook",
    "A longer life",
  ]);
  const studies = cards.getByRole("link");
  expect(await studies.count()).toBeGreaterThanOrEqual(5);
  for (const study of await studies.all()) {
    await expect(study).toHaveAttribute("href", /^https:\/\/doi\.org\/10\./);
    await expect(study).toHaveAttribute("target", "_blank");
    await expect(study).toHaveAttribute("rel", /\bnoopener\b/);
  }
  await expect(
    cards.filter({ hasText: "Heart health" }).getByRole("link", { name: /New England Journal/ }),
  ).toHaveAttribute("href", "https://doi.org/10.1056/NEJMoa1800389");
  await expectNoAccessibilityViolations(page);

  await page.getByRole("link", { name: "How to choose an olive oil" }).click();
  await expect(page).toHaveURL(/\/academy\/choosing-olive-oil$/);
});

test("choosing olive oil shows six criteria, each with the brand's Difference", async ({
  page,
}) => {
  await page.goto("/academy/choosing-olive-oil");
  await expect(page).toHaveTitle("Troia Grove | Choosing Olive Oil");
  const criteria = page.getByRole("list").filter({ hasText: "Criterion 1" }).getByRole("listitem");
  await expect(criteria).toHaveCount(6);
  await expect(criteria.getByRole("heading", { level: 2 })).toHaveText([
    "Extra virgin, with acidity under 0.8%",
    "Freshness",
    "Harvest to press time",
    "Single estate",
    "Dark bottles",
    "Transport",
  ]);
  // Each note is a landmark of its own name, so that they can be told apart.
  await expect(criteria.nth(3).getByRole("complementary")).toHaveAccessibleName(
    "Troia Grove Difference: Single estate",
  );
  await expect(
    criteria.getByRole("complementary", { name: /^Troia Grove Difference: / }),
  ).toHaveCount(6);
  await expect(criteria.nth(2)).toContainText("within 1 hour");
  await expect(criteria.nth(2)).toContainText("within 24 hours");
  await expect(criteria.nth(4)).toContainText("57 and 70°F");
  await expect(criteria.nth(5)).toContainText("by sea only in fall and spring");
  await expectNoAccessibilityViolations(page);

  await page.getByRole("link", { name: "Shop our olive oils" }).click();
  await expect(page).toHaveURL(/\/our-olive-oils$/);
});

test("the academy pages work on a phone without accessibility violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/academy", "/academy/health-benefits", "/academy/choosing-olive-oil"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  }
});
