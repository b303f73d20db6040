import { expectNoViolationsOfAnyAxeRule } from "./support/axe";
import { cartDrawer } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

const pages = [
  { path: "/", title: "Single-Estate Extra Virgin Olive Oil", heading: "Taste what's True" },
  { path: "/our-olive-oils", title: "Our Olive Oils", heading: "Our Olive Oils" },
  { path: "/holiday-collection", title: "Holiday Collection", heading: "Gift what's True" },
  { path: "/our-story", title: "Our Story", heading: "One family, one grove, one harvest a year" },
  { path: "/become-a-member", title: "Become a Member", heading: "Become A Member" },
  { path: "/restaurants", title: "For Restaurants", heading: "Olive oil for kitchens that care" },
  {
    path: "/community/james-carter",
    title: "Friends of James Carter",
    heading: "James Carter",
  },
  { path: "/academy", title: "Academy", heading: "The Olive Oil Academy" },
  {
    path: "/academy/choosing-olive-oil",
    title: "Choosing Olive Oil",
    heading: "How to choose an olive oil",
  },
];

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
]) {
  for (const { path, title, heading } of pages) {
    test(`${path} on a ${viewport.name}: its title, its heading, no violation of any axe rule`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page).toHaveTitle(`Troia Grove | ${title}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeAttached();
      await expectNoViolationsOfAnyAxeRule(page);
    });
  }
}

test("'Bottles and more' brings the bottles into view", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Our bottles" })).not.toBeInViewport();
  await page.getByRole("link", { name: "Bottles and more" }).click();
  await expect(page.getByRole("heading", { name: "Our bottles" })).toBeInViewport();
});

/** The home page under a fake clock, its carousel, and the dot of the slide shown. */
async function openHomeCarousel(page: Page) {
  await page.clock.install();
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Why our oil" });
  // Its code arrives as the shopper scrolls near it; until then its controls are disabled.
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeEnabled();
  const current = carousel
    .getByRole("button", { name: /^Slide \d/ })
    .and(page.locator("[aria-current]"));
  return { carousel, current };
}

test("the home carousel moves every 5000 ms and stops when paused", async ({ page }) => {
  const { carousel, current } = await openHomeCarousel(page);
  await expect(current).toHaveAccessibleName("Slide 1: Grown without pesticides");
  await page.clock.runFor(5000);
  await expect(current).toHaveAccessibleName("Slide 2: Never older than 18 months");
  await carousel.getByRole("button", { name: "Pause slides" }).click();
  await page.mouse.move(0, 0);
  await carousel.getByRole("button", { name: "Play slides" }).blur();
  await page.clock.runFor(15000);
  await expect(current).toHaveAccessibleName("Slide 2: Never older than 18 months");
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(current).toHaveAccessibleName("Slide 3: From the Dardanelles to your table");
  await expect(
    carousel.getByRole("heading", { name: "From the Dardanelles to your table" }),
  ).toBeVisible();
});

test("the carousel stands still for those who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const { carousel, current } = await openHomeCarousel(page);
  await page.clock.runFor(20000);
  await expect(current).toHaveAccessibleName("Slide 1: Grown without pesticides");
  await expect(carousel.getByRole("button", { name: "Pause slides" })).toHaveCount(0);
});

test("the FAQ answers the five questions, the refund policy among them", async ({ page }) => {
  await page.goto("/become-a-member");
  const questions = page.locator("details summary");
  await expect(questions).toContainText([
    "What makes your olive oil different?",
    "Which oil should I choose?",
    "How does shipping work?",
    "What is your refund policy?",
    "Why become a member?",
  ]);
  await page.getByText("What is your refund policy?").click();
  await expect(page.getByText(/Request a return and we pay the shipping/)).toBeVisible();
});

test("membership plans: prices, features, free shipping and 'Join today'", async ({ page }) => {
  await page.goto("/become-a-member");
  await expect(page.getByText("Free shipping on all memberships")).toBeVisible();
  for (const [plan, price] of [
    ["Everyday Luxury", "$49/m"],
    ["Refined Palate", "$59/m"],
    ["True Connoisseur", "$69/m"],
  ] as const) {
    // Each plan's heading comes right under the page's h1, skipping no level.
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2, name: plan }) });
    await expect(card.getByText(price)).toBeVisible();
    await expect(card.getByRole("button", { name: /^Join today/ })).toBeVisible();
  }
  await expect(page.getByText("Invitation-only")).toHaveCount(0);
});

test("our story offers the tasting collection at $66, the shop and the memberships", async ({
  page,
}) => {
  await page.goto("/our-story");
  await expect(page.getByText("$66", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop our oils" })).toHaveAttribute(
    "href",
    "/our-olive-oils",
  );
  await expect(page.getByRole("link", { name: "See the memberships" })).toHaveAttribute(
    "href",
    "/become-a-member",
  );
  await page.getByRole("button", { name: /^Add to cart.*Tasting Collection/ }).click();
  await expect(cartDrawer(page)).toBeVisible();
});

test("a referral link is remembered for 30 days in an httpOnly cookie", async ({
  page,
  context,
}) => {
  await page.goto("/our-story?ref=chef_maria");
  const [cookie] = (await context.cookies()).filter((each) => each.name === "affiliate");
  expect(cookie).toMatchObject({ value: "chef_maria", httpOnly: true, sameSite: "Lax" });
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  await page.goto("/?ref=bad%20id%3B");
  expect((await context.cookies()).find((each) => each.name === "affiliate")?.value).toBe(
    "chef_maria",
  );
});
