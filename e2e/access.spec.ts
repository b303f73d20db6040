import { readdirSync } from "node:fs";
import { expectNoAccessibilityViolations } from "./support/axe";
import { type ShopServer, startShop } from "./support/shop-server";
import { cartDrawer, expectSummary } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

const restaurantModal = (page: Page) =>
  page.getByRole("dialog", { name: "Available for select restaurants" });
const betaModal = (page: Page) => page.getByRole("dialog", { name: "We are available privately" });

const storefrontPages = [
  "/",
  "/our-olive-oils",
  "/holiday-collection",
  "/our-story",
  "/become-a-member",
  "/restaurants",
  "/community/maria-papadopoulos",
  "/access",
];

async function enterCode(page: Page, code: string) {
  const field = page.getByRole("textbox", { name: "Access code" });
  await field.fill(code);
  await field.blur();
}

test("the restaurant code: short, wrong, then right, with 750 ml prices a promo cannot touch", async ({
  page,
}) => {
  await page.goto("/restaurants?promoCode=WELCOME10");
  const modal = restaurantModal(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: /close/i })).toHaveCount(0);
  await expect(modal.getByRole("link", { name: "hello@troiagrove.com" })).toBeVisible();
  const submit = modal.getByRole("button", { name: "Continue" });
  await expect(submit).toBeDisabled();
  await expectNoAccessibilityViolations(page);

  await enterCode(page, "chef");
  await expect(modal.getByText("Please enter a valid access code")).toBeVisible();
  await expect(submit).toBeDisabled();

  await enterCode(page, "not-the-code");
  await expect(modal.getByText("Please enter a valid access code")).toBeHidden();
  await submit.click();
  await expect(modal.getByText("Incorrect access code")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Access code" })).toHaveValue("not-the-code");

  await enterCode(page, "chef-2026");
  await expect(modal.getByText("Incorrect access code")).toBeHidden();
  await submit.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Restaurant access granted" }),
  ).toBeVisible();
  await expect(modal).toBeHidden();

  const navigation = page.getByRole("navigation", { name: "Main" });
  await expect(navigation.getByRole("link", { name: "For Restaurants" })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "For Consumers" })).toBeVisible();
  for (const price of ["$29", "$34", "$40"]) {
    await expect(
      page.getByRole("button", { name: new RegExp(`^Add to cart - \\${price},`) }),
    ).toBeVisible();
  }
  await expect(page.getByText(/List price/)).toHaveCount(0);
  await page.getByRole("button", { name: /^Add to cart - \$34,/ }).click();
  await expectSummary(page, { Subtotal: "$34", "Standard shipping": "$15", Total: "$49" });
  await expect(cartDrawer(page).getByText(/^Discount/)).toHaveCount(0);

  await page.goto("/our-olive-oils");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "For Consumers" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to cart - \$33/ })).toBeVisible();
});

test("the restaurants page lists four questions: the membership one is left out", async ({
  page,
  context,
}) => {
  await page.goto("/our-olive-oils");
  await expect(page.locator("details summary")).toHaveCount(5);
  await context.clearCookies();
  await page.goto("/restaurants");
  await expect(page.locator("details summary")).toHaveCount(4);
  await expect(page.getByText("Why become a member?")).toHaveCount(0);
  await expect(page.getByText(/select group of 15 restaurants/)).toBeAttached();
});

test.describe("a shop in private beta, with a soft launch", () => {
  const codes = { beta: "beta-e2e-4821", restaurant: "chef-e2e-7713" };
  let shop: ShopServer;
  test.beforeAll(async () => {
    shop = await startShop({
      PRIVATE_BETA: "on",
      BETA_ACCESS_CODE: codes.beta,
      RESTAURANT_ACCESS_CODE: codes.restaurant,
      SOFT_LAUNCH_CODE: "MOTHERSDAY10",
      // Rate limits count per client: the rate-limit test speaks as a client of its own.
      TRUST_PROXY: "1",
    });
  });
  test.afterAll(async () => {
    await shop.stop();
  });
  // Its journeys run in order in one worker, which starts the shop once.
  test.describe.configure({ mode: "default" });
  test("consumer pages ask for a code until one is granted, then the home page offers 10%", async ({
    page,
  }) => {
    await page.goto(`${shop.baseURL}/our-story`);
    const modal = betaModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: "hello@troiagrove.com" })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    // The page behind is inert: Tab moves within the modal, or out of the page, never behind it.
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active?.closest("[role=dialog]") ? "allowed" : "behind";
      });
      expect(focus).toBe("allowed");
    }

    await enterCode(page, "grove-beta");
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(modal.getByText("Incorrect access code")).toBeVisible();
    await enterCode(page, codes.beta);
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Early access granted" }),
    ).toBeVisible();
    await expect(modal).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(betaModal(page)).toHaveCount(0);
    await page.goto(`${shop.baseURL}/become-a-member`);
    await expect(page.getByText("Invitation-only")).toHaveCount(3);

    await page.goto(`${shop.baseURL}/`);
    const offer = page.getByRole("dialog", { name: "Happy Mother's Day!" });
    await expect(offer.getByText("10% Off On All Orders")).toBeVisible();
    await expect(offer.getByRole("button")).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await offer.getByRole("link", { name: "Shop with 10% off" }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByRole("button", { name: /^Add to cart - \$29\.70/ })).toBeVisible();
    await page.goto(`${shop.baseURL}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Taste what's True" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("pages reached from an e-mail or a payment open without a code", async ({ page }) => {
    for (const path of [
      "/sign-in",
      "/forgot-password",
      "/reset-password?token=unknown",
      "/create-account?guestId=unknown",
    ]) {
      await page.goto(`${shop.baseURL}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(betaModal(page)).toHaveCount(0);
    }
    await page.goto(`${shop.baseURL}/register`);
    await expect(betaModal(page)).toBeVisible();
  });

  test("no soft-launch offer when the link brings a promoCode, nor on other pages", async ({
    page,
  }) => {
    await page.goto(`${shop.baseURL}/our-olive-oils`);
    await enterCode(page, codes.beta);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(betaModal(page)).toBeHidden();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto(`${shop.baseURL}/?promoCode=TAKE5`);
    await expect(page.getByRole("heading", { level: 1, name: "Taste what's True" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the restaurants page asks for the restaurant code, which opens the beta too", async ({
    page,
  }) => {
    await page.goto(`${shop.baseURL}/restaurants`);
    await expect(restaurantModal(page)).toBeVisible();
    await expect(betaModal(page)).toHaveCount(0);
    await enterCode(page, codes.beta);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Incorrect access code")).toBeVisible();
    await enterCode(page, codes.restaurant);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(restaurantModal(page)).toBeHidden();
    await page.goto(`${shop.baseURL}/our-story`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the beta form accepts the restaurant code as well", async ({ page }) => {
    await page.goto(`${shop.baseURL}/holiday-collection`);
    await enterCode(page, codes.restaurant);
    await betaModal(page).getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Restaurant access granted" }),
    ).toBeVisible();
    await expect(betaModal(page)).toBeHidden();
  });

  test("after 10 tries in 10 minutes the code form asks the client to wait", async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.10" });
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await page.request.post(`${shop.baseURL}/access`, {
        form: { kind: "restaurant", accessCode: `wrong-${attempt}-code`, returnTo: "/restaurants" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
    }
    await page.goto(`${shop.baseURL}/restaurants`);
    await enterCode(page, codes.restaurant);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    ).toBeVisible();
    // In the dialog once the page's scripts have run, on the access page before: the form stays.
    await expect(page.getByRole("textbox", { name: "Access code" })).toBeVisible();
  });

  test("no access code appears in any script, page or data the browser receives", async ({
    page,
    request,
  }) => {
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(response.url());
    });
    for (const path of storefrontPages) await page.goto(`${shop.baseURL}${path}`);
    // Past the beta modal the drawer opens, and the checkout's code loads with its button.
    await page.goto(`${shop.baseURL}/our-olive-oils`);
    await enterCode(page, codes.beta);
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("button", { name: /^Add to cart/ })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    for (const file of readdirSync("build/client/assets")) {
      if (file.endsWith(".js")) scripts.add(`${shop.baseURL}/assets/${file}`);
    }
    expect(scripts.size).toBeGreaterThan(10);

    const dataOf = (path: string) => `${shop.baseURL}${path === "/" ? "/_root" : path}.data`;
    const urls = [
      ...scripts,
      ...storefrontPages.flatMap((path) => [`${shop.baseURL}${path}`, dataOf(path)]),
    ];
    for (const url of urls) {
      const body = await (await request.get(url)).text();
      for (const code of [codes.beta, codes.restaurant, "grove-beta", "chef-2026"]) {
        expect(body, `${url} contains an access code`).not.toContain(code);
      }
    }
  });
});
