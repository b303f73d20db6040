import { expectNoViolationsOfAnyAxeRule } from "./support/axe";
import { type ShopServer, startShop } from "./support/shop-server";
import { cartDrawer, expectSummary } from "./support/storefront";
import { expect, type Locator, type Page, test } from "./support/test";

// A shop of its own: typed codes count against the same per-address lookup limit as the promo
// links the other journeys open on the run's shop.
let shop: ShopServer;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.stop();
});
// Its journeys run in order in one worker, which starts the shop once.
test.describe.configure({ mode: "default" });

const at = (path: string) => `${shop.baseURL}${path}`;

/** Types `code` in the promo code field of `where` and presses 'Apply'. */
async function applyCode(where: Locator, code: string) {
  await where.getByLabel("Promo code").fill(code);
  await where.getByRole("button", { name: "Apply" }).click();
}

const appliedWelcome = "Promo code WELCOME10 applied: 10% off";
/** The field's message and the banner say it together. */
const appliedMessages = (page: Page) =>
  page.getByRole("status").filter({ hasText: appliedWelcome });

declare global {
  interface Window {
    sincePageLoad?: boolean;
  }
}

test("the drawer's promo code field answers in place: refusals beside the field, then a code that replaces the visit's", async ({
  page,
}) => {
  await page.goto(at("/our-olive-oils?promoCode=TAKE5"));
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  const drawer = cartDrawer(page);
  await expectSummary(page, { "Discount (TAKE5)": "−$5", Total: "$43" });
  // Set on this page only: still there after each answer, so nothing reloaded the page.
  await page.evaluate(() => {
    window.sincePageLoad = true;
  });

  const field = drawer.getByLabel("Promo code");
  const message = drawer.getByRole("status");
  await applyCode(drawer, "oldcode");
  await expect(message).toHaveText("This code has expired");
  await expect(field).toHaveValue("oldcode");
  await expectSummary(page, { "Discount (TAKE5)": "−$5" });

  await applyCode(drawer, "NOT-A-CODE");
  await expect(message).toHaveText("This code is not valid");
  await expect(field).toHaveValue("NOT-A-CODE");

  await applyCode(drawer, "welcome10");
  await expect(message).toHaveText(appliedWelcome);
  await expect(field).toHaveValue("");
  await expectSummary(page, {
    Subtotal: "$33",
    "Discount (WELCOME10)": "−$3.30",
    "Standard shipping": "$15",
    Total: "$44.70",
  });
  await expect(appliedMessages(page)).toHaveCount(2);
  await expect(drawer).toBeVisible();
  expect(await page.evaluate(() => window.sincePageLoad)).toBe(true);

  // The visit keeps the new code on the next page.
  await page.goto(at("/our-olive-oils"));
  await expect(page.getByRole("button", { name: /^Add to cart - \$29\.70/ })).toBeVisible();
});

test("a code that discounts nothing in the cart is refused as not applying to these items", async ({
  page,
}) => {
  await page.goto(at("/holiday-collection"));
  await page
    .getByRole("button", { name: /^Buy Now \$49/ })
    .first()
    .click();
  const drawer = cartDrawer(page);
  await applyCode(drawer, "WELCOME10");
  await expect(drawer.getByRole("status")).toHaveText("This code doesn't apply to these items");
  await expect(drawer.getByLabel("Promo code")).toHaveValue("WELCOME10");
  await expect(drawer.getByText(/^Discount/)).toBeHidden();
});

test("the drawer says how far the discounted goods are from free shipping, and when they ship free", async ({
  page,
}) => {
  await page.goto(at("/our-olive-oils"));
  await page.getByRole("button", { name: /^Add to cart - \$40/ }).click();
  const drawer = cartDrawer(page);
  await expect(drawer.getByText("$60 away from free shipping")).toBeVisible();
  await drawer.getByRole("button", { name: "Add one Private Reserve, 375 ml" }).click();
  await expect(drawer.getByText("$20 away from free shipping")).toBeVisible();

  // Measured after the discount, as shipping is: $80 of goods at 10% off are $72.
  await applyCode(drawer, "WELCOME10");
  await expect(drawer.getByText("$28 away from free shipping")).toBeVisible();
  await drawer.getByRole("button", { name: "Add one Private Reserve, 375 ml" }).click();
  await expect(drawer.getByText("Your order ships free")).toBeVisible();
  await expectSummary(page, { "Free shipping": "$0", Total: "$108" });
  await drawer.getByRole("button", { name: "Remove one Private Reserve, 375 ml" }).click();
  await expect(drawer.getByText("$28 away from free shipping")).toBeVisible();

  // Local pickup ships free whatever the goods cost: nothing to say about the way there.
  await drawer.getByRole("checkbox", { name: /Local delivery/ }).check();
  await expectSummary(page, { "Free shipping": "$0" });
  await expect(drawer.getByText(/away from free shipping|ships free/)).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the drawer with its promo code field, a refusal and the free-shipping line passes every axe rule`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(at("/our-olive-oils"));
    await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
    const drawer = cartDrawer(page);
    await expect(drawer.getByText("$67 away from free shipping")).toBeVisible();
    await applyCode(drawer, "OLDCODE");
    await expect(drawer.getByRole("status")).toHaveText("This code has expired");
    await expectNoViolationsOfAnyAxeRule(page);
    await applyCode(drawer, "WELCOME10");
    await expect(drawer.getByRole("status")).toHaveText(appliedWelcome);
    await expectNoViolationsOfAnyAxeRule(page);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the promo code field posts, and the cart page answers beside it with the cart priced again", async ({
    page,
  }) => {
    await page.goto(at("/our-olive-oils"));
    await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const cart = page.getByRole("main");
    await expect(cart.getByText("$67 away from free shipping")).toBeVisible();

    await applyCode(cart, "OLDCODE");
    await expect(cart.getByRole("status")).toHaveText("This code has expired");
    await expect(cart.getByLabel("Promo code")).toHaveValue("OLDCODE");

    await applyCode(cart, "WELCOME10");
    await expect(cart.getByRole("status")).toHaveText(appliedWelcome);
    await expect(appliedMessages(page)).toHaveCount(2);
    await expectSummary(page, { "Discount (WELCOME10)": "−$3.30", Total: "$44.70" }, cart);
    await expect(cart.getByText("$70.30 away from free shipping")).toBeVisible();
  });
});
