import type { StoredCart } from "../core/cart";
import { newShopper, registerThroughPage } from "./support/accounts";
import { expectNoViolationsOfAnyAxeRule } from "./support/axe";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import { startShop } from "./support/shop-server";
import { cartButton, cartDrawer, savedCart } from "./support/storefront";
import { test as base, expect, sharedByTheFile } from "./support/test";

// A shop of its own, clear of the run's shop's registration limit per address.
const shop = sharedByTheFile(
  () => startShop(),
  (started) => started.stop(),
);

/** The journeys' pages open this file's shop rather than the run's. */
const test = base.extend({
  baseURL: async ({ baseURL: _runShopUrl }, use) => use((await shop()).baseURL),
});

const bottlesAndMembership: StoredCart = {
  counts: { luxe: 2, everydayLuxury: 1 },
  localPickup: false,
};
const told = "Added 2 items to your cart. The membership was not added.";

test("'Buy again' puts a past order's bottles back in the cart, leaving the membership out, with and without scripts", async ({
  page,
  browser,
}) => {
  // A registration, a payment and two carts: a long journey.
  test.slow();
  const { baseURL: shopUrl } = await shop();
  const shopper = newShopper("Julia");
  await registerThroughPage(page, shopper);
  await startCheckoutFromCart(page, shopUrl, bottlesAndMembership);
  await fillSandboxForm(page, { email: shopper.email });
  await page.getByRole("button", { name: /^(Pay|Subscribe)/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
  // The confirmed order empties the cart.
  await expect.poll(() => savedCart(page)).toBeNull();

  await page.goto("/account?tab=orders");
  const order = page.getByRole("article");
  await expect(order).toHaveCount(1);
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
  await order.getByRole("button", { name: "Buy again" }).click();
  await expect(cartDrawer(page)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: told })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await expect(cartDrawer(page).getByText("Quantity of Luxe, 375 ml: 2")).toBeAttached();
  await expect(cartDrawer(page).getByText("Everyday Luxury")).toHaveCount(0);
  await expect.poll(() => savedCart(page)).toEqual({ counts: { luxe: 2 }, localPickup: false });
  await expectNoViolationsOfAnyAxeRule(page);

  const scriptless = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: shopUrl,
  });
  await scriptless.addCookies(await page.context().cookies());
  const plain = await scriptless.newPage();
  await plain.goto("/account?tab=orders");
  await plain.getByRole("article").getByRole("button", { name: "Buy again" }).click();
  await expect(plain).toHaveURL(/\/cart$/);
  await expect(plain.getByRole("status").filter({ hasText: told })).toBeVisible();
  await expect(plain.getByRole("main").getByText("Quantity of Luxe, 375 ml: 4")).toBeAttached();
  await expect(cartButton(plain)).toHaveAccessibleName("Cart, 4 items");
  await scriptless.close();
});

test("'Buy again' on another customer's order is not found", async ({
  page,
  browser,
  baseURL: shopUrl = "",
}) => {
  test.slow();
  const owner = newShopper("Owner");
  await registerThroughPage(page, owner);
  await startCheckoutFromCart(page, shopUrl, { counts: { luxe: 1 }, localPickup: false });
  await fillSandboxForm(page, { email: owner.email });
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
  await page.goto("/account?tab=orders");
  const heading = await page.getByRole("article").getByRole("heading", { level: 3 }).textContent();
  const orderId = heading?.replace(/^Order /, "") ?? "";

  const stranger = await browser.newContext({ baseURL: shopUrl });
  const strangerPage = await stranger.newPage();
  await registerThroughPage(strangerPage, newShopper("Stranger"));
  const answer = await strangerPage.request.post(
    `/account/orders/${encodeURIComponent(orderId)}/buy-again`,
    { form: {}, headers: { Origin: shopUrl }, maxRedirects: 0 },
  );
  expect(answer.status()).toBe(404);
  await strangerPage.goto("/");
  await expect(cartButton(strangerPage)).toHaveAccessibleName("Cart, 0 items");
  await stranger.close();
});
