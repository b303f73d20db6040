import { expectNoAccessibilityViolations } from "./support/axe";
import { expect, type Page, test } from "./support/test";

declare global {
  interface Window {
    openedWithFeatures?: string;
  }
}

const easeLabels = ["Super easy", "Fairly easy", "Not so easy", "Difficult"];
const mealLabels = ["Breakfast", "Lunch", "Dinner", "Snack", "Side"];

function recipeCards(page: Page) {
  return page
    .getByRole("region", { name: "All recipes" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { level: 2 }),
    });
}

test("the recipes list shows 12 or more recipes, newest first, each with its tags", async ({
  page,
}) => {
  await page.goto("/academy/recipes");
  await expect(page).toHaveTitle("Troia Grove | Recipes");
  const cards = recipeCards(page);
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  await expect(cards.first().getByRole("heading")).toHaveText("Roasted Fall Vegetables with Thyme");
  await expect(cards.last().getByRole("heading")).toHaveText("Olive Oil Fried Eggs with Sumac");
  for (const card of await cards.all()) {
    const tags = await card
      .getByRole("list", { name: "Tags" })
      .getByRole("listitem")
      .allTextContents();
    expect(tags).toHaveLength(2);
    expect(mealLabels).toContain(tags[0]);
    expect(easeLabels).toContain(tags[1]);
    await expect(card.locator("img")).toHaveAttribute("width", "800");
    await expect(card.getByRole("link")).toHaveAttribute(
      "href",
      /^\/academy\/recipes\/[a-z0-9-]+$/,
    );
  }
  await expectNoAccessibilityViolations(page);
});

test("a recipe shows ingredients, directions, its sidebar and share buttons", async ({ page }) => {
  await page.goto("/academy/recipes");
  await page.getByRole("link", { name: "White Bean and Rosemary Dip" }).click();
  await expect(page).toHaveURL(/\/academy\/recipes\/white-bean-and-rosemary-dip$/);
  await expect(page).toHaveTitle("Troia Grove | White Bean And Rosemary Dip");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("White Bean and Rosemary Dip");
  const ingredients = page.getByRole("region", { name: "Ingredients" }).getByRole("listitem");
  await expect(ingredients.first()).toHaveText(
    "2 cans (15 ounces each) cannellini beans, drained and rinsed",
  );
  expect(await ingredients.count()).toBeGreaterThan(5);
  const directions = page.getByRole("region", { name: "Directions" }).getByRole("listitem");
  expect(await directions.count()).toBeGreaterThan(3);
  await expect(directions.first()).toContainText("In a food processor");

  const sidebar = page.getByRole("complementary", { name: "About this recipe" });
  await expect(sidebar.getByRole("definition").nth(0)).toHaveText("Snack");
  await expect(sidebar.getByRole("definition").nth(1)).toHaveText("Super easy");
  await expect(sidebar.getByRole("link", { name: "Luxe" })).toHaveAttribute(
    "href",
    "/our-olive-oils#luxe",
  );
  await expect(sidebar.getByRole("link", { name: "Private Reserve" })).toHaveAttribute(
    "href",
    "/our-olive-oils#privateReserve",
  );
  await expect(sidebar.getByText("Make-ahead")).toBeVisible();
  for (const network of ["Twitter", "Facebook", "WhatsApp"]) {
    await expect(sidebar.getByRole("link", { name: `Share on ${network}` })).toBeVisible();
  }
  await expectNoAccessibilityViolations(page);

  await page.getByRole("link", { name: "Back to recipes" }).click();
  await expect(page).toHaveURL(/\/academy\/recipes$/);
});

test("the copy button copies the recipe's address and says 'Copied'", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/academy/recipes/summer-tomato-bread");
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/academy/recipes/summer-tomato-bread`,
  );
});

test("a share button opens the network in a 550×400 popup", async ({ page, context }) => {
  await context.route("https://twitter.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Twitter</title>" }),
  );
  await page.goto("/academy/recipes/summer-tomato-bread");
  // The browser, not the page, decides a headless popup's final size: check what the page asks.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (...args) => {
      window.openedWithFeatures = args[2];
      return open(...args);
    };
  });
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Share on Twitter" }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/^https:\/\/twitter\.com\/intent\/tweet\?/);
  const shared = new URL(popup.url());
  expect(shared.searchParams.get("url")).toMatch(/\/academy\/recipes\/summer-tomato-bread$/);
  expect(shared.searchParams.get("text")).toContain("Summer Tomato Bread");
  expect(await page.evaluate(() => window.openedWithFeatures)).toMatch(
    /^popup=yes,width=550,height=400,/,
  );
  expect(page.url()).toMatch(/\/academy\/recipes\/summer-tomato-bread$/);
});

test("an unknown recipe is a 404 page with a way back to the recipes", async ({ page }) => {
  const response = await page.goto("/academy/recipes/no-such-recipe");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Troia Grove | Recipe Not Found");
  await expect(
    page.getByRole("heading", { level: 1, name: "We couldn't find that recipe" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("link", { name: "Back to recipes" }).click();
  await expect(page).toHaveURL(/\/academy\/recipes$/);
  await expect(recipeCards(page).first()).toBeVisible();
  expect(await recipeCards(page).count()).toBeGreaterThanOrEqual(12);
});

test("a recipe address that is not a slug is a 404 too, never an error", async ({ request }) => {
  for (const path of ["/academy/recipes/Not%20A%20Slug", "/academy/recipes/%27%3B--"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
  }
});

test("the recipe pages work on a phone without accessibility violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/academy/recipes");
  await expect(recipeCards(page).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.goto("/academy/recipes/red-lentil-soup-with-mint-chili-oil");
  await expect(page.getByRole("link", { name: "See this recipe on Instagram" })).toHaveAttribute(
    "rel",
    /\bnoopener\b/,
  );
  await expectNoAccessibilityViolations(page);
});
