import { startTestMailbox, type TestMailbox } from "../test/support/mail";
import { expectNoAccessibilityViolations } from "./support/axe";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import { type ShopServer, startShop } from "./support/shop-server";
import { cartButton, savedCart } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// A shop of its own that sends its e-mails to a real local SMTP server.
let mailbox: TestMailbox;
let shop: ShopServer;

test.beforeAll(async () => {
  mailbox = await startTestMailbox();
  shop = await startShop({ SMTP_URL: mailbox.url });
});

test.afterAll(async () => {
  await shop.stop();
  await mailbox.close();
});
// Its journeys run in order in one worker, which starts the shop once.
test.describe.configure({ mode: "default" });

const bottles = { counts: { luxe: 1, privateReserve: 1 }, localPickup: false };
let guestNumber = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${guestNumber++}@example.com`;

async function payWith4242(page: Page, email: string, address = true) {
  await fillSandboxForm(page, { email, address });
  await page.getByRole("button", { name: /^(Pay|Subscribe)/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
}

test("a guest pays for 1 Luxe and 1 Private Reserve with 4242 and gets the order and its e-mail", async ({
  page,
}) => {
  const email = uniqueEmail("guest");
  await startCheckoutFromCart(page, shop.baseURL, bottles);
  await expect(page.getByText("Test mode")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $88" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await payWith4242(page, email);
  await expect(page).toHaveURL(/\/order-confirmation\?sessionId=cs_sandbox_/);
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("Luxe 375 ml")).toBeVisible();
  await expect(summary.getByText("Private Reserve 375 ml")).toBeVisible();
  await expect(summary.getByText("Standard shipping")).toBeVisible();
  await expect(summary.getByText("Tax")).toHaveCount(0);
  await expect(summary.getByText("Discount")).toHaveCount(0);
  await expect(summary.getByRole("definition").last()).toHaveText("$88");
  await expect(page.getByText("Your order ships within 1 business day.")).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Create your account to track your orders" }),
  ).toHaveAttribute("href", /^\/create-account\?guestId=[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText(/my first order/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Share on Twitter" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
  await expect.poll(() => savedCart(page)).toBeNull();
  await expectNoAccessibilityViolations(page);

  await expect.poll(() => mailbox.to(email).length).toBe(1);
  const [mail] = mailbox.to(email);
  expect(mail?.text).toContain("Thank you for your order");
  expect(mail?.text).toContain("$88");
});

test("the declined card shows why and creates no order", async ({ page }) => {
  const url = await startCheckoutFromCart(page, shop.baseURL, bottles);
  await fillSandboxForm(page, {
    email: uniqueEmail("declined"),
    cardNumber: "4000 0000 0000 0002",
  });
  await page.getByRole("button", { name: "Pay $88" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Your card was declined. Please use a different card.",
  );
  await expect(page).toHaveURL(url);
  await expectNoAccessibilityViolations(page);

  const sessionId = url.split("/").at(-1) ?? "";
  await page.goto(`${shop.baseURL}/order-confirmation?sessionId=${sessionId}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Your order is being finalized" }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Processing order...");
});

test("a membership is a subscription with free shipping and a saved card", async ({ page }) => {
  await startCheckoutFromCart(page, shop.baseURL, {
    counts: { everydayLuxury: 1 },
    localPickup: false,
  });
  await expect(page.getByRole("button", { name: "Subscribe and pay $49" })).toBeVisible();
  await payWith4242(page, uniqueEmail("member"));
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("Free shipping")).toBeVisible();
  await expect(summary.getByRole("definition").last()).toHaveText("$49");
  await expect(page.getByRole("heading", { name: "Your membership" })).toBeVisible();
  await expect(page.getByText(/^\d{1,2}\/\d{1,2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
});

test("reloading the confirmation keeps showing the one order", async ({ page }) => {
  const email = uniqueEmail("reload");
  await startCheckoutFromCart(page, shop.baseURL, bottles);
  await payWith4242(page, email);
  const orderNumber = await page.getByText(/^Order [0-9A-Z]{10}$/).textContent();
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
  await expect(page.getByText(/^Order [0-9A-Z]{10}$/)).toHaveText(orderNumber ?? "");
  // The share text counts this customer's orders: still the first.
  await expect(page.getByText(/my first order/)).toBeVisible();
  await expect.poll(() => mailbox.to(email).length).toBe(1);
});

test("local pickup asks no address and says where to collect, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startCheckoutFromCart(page, shop.baseURL, {
    counts: { tastingCollection: 1 },
    localPickup: true,
  });
  await expect(page.getByLabel("Address line 1")).toHaveCount(0);
  await payWith4242(page, uniqueEmail("pickup"), false);
  await expect(page.getByRole("heading", { name: "Local pickup" })).toBeVisible();
  await expect(page.getByText(/Local pickup in Mountain View/)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("the sandbox page checks fields as they lose focus and leads back to the shop", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startCheckoutFromCart(page, shop.baseURL, bottles);
  const pay = page.getByRole("button", { name: "Pay $88" });
  await expect(pay).toBeDisabled();
  await page.getByLabel("State").fill("California");
  await page.getByLabel("State").blur();
  await expect(
    page.getByText('Please enter a valid state abbreviation. E.g. "CA" not "California"'),
  ).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await page.getByLabel("Card number").blur();
  await expect(page.getByText("Please enter a valid card number")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/our-olive-oils`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sandbox form still pays and confirms, and the cart is empty after", async ({
    page,
    browser,
  }) => {
    const scripted = await browser.newPage({ javaScriptEnabled: true });
    const url = await startCheckoutFromCart(scripted, shop.baseURL, bottles);
    const cookies = await scripted.context().cookies();
    await scripted.close();
    await page.context().addCookies(cookies);
    await page.goto(url);
    await fillSandboxForm(page, { email: uniqueEmail("nojs"), cardNumber: "4242 4242 4242 4241" });
    await page.getByRole("button", { name: "Pay $88" }).click();
    await expect(page.getByText("Please enter a valid card number")).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $88" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
    ).toBeVisible();
    await page.goto(`${shop.baseURL}/cart`);
    await expect(page.getByText("have any items in your cart yet")).toBeVisible();
  });
});

test("the checkout endpoint refuses client prices and bad carts with clear messages", async ({
  request,
}) => {
  const post = (data: unknown) => request.post(`${shop.baseURL}/api/checkout`, { data });
  const tampered = await post({
    items: [{ itemId: "luxe", quantity: 1, priceCents: 1 }],
    localPickup: false,
  });
  expect(tampered.status()).toBe(400);
  expect(await tampered.json()).toEqual({
    error: {
      code: "price_not_accepted",
      message: "Prices are set by the shop: send only item ids and quantities.",
    },
  });
  expect(
    (await (await post({ items: [{ itemId: "luxe", quantity: -1 }] })).json()).error.code,
  ).toBe("invalid_quantity");
  expect((await (await post({ items: [{ itemId: "gold", quantity: 1 }] })).json()).error.code).toBe(
    "unknown_item",
  );
  expect((await (await post({ items: [] })).json()).error.code).toBe("empty_cart");
  const form = await request.post(`${shop.baseURL}/api/checkout`, { form: { items: "luxe" } });
  expect(form.status()).toBe(415);
});

test("a confirmation page opened elsewhere leads home", async ({ page, browser }) => {
  await startCheckoutFromCart(page, shop.baseURL, bottles);
  await payWith4242(page, uniqueEmail("private"));
  const stranger = await browser.newPage();
  await stranger.goto(page.url());
  await expect(stranger).toHaveURL(`${shop.baseURL}/`);
  await stranger.goto(`${shop.baseURL}/order-confirmation`);
  await expect(stranger).toHaveURL(`${shop.baseURL}/`);
  await stranger.close();
});

test("restaurant mode pays list prices, whatever promotion the visit carries", async ({ page }) => {
  await page.goto(`${shop.baseURL}/restaurants`);
  await page.getByRole("textbox", { name: "Access code" }).fill("chef-2026");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Restaurant access granted" }),
  ).toBeVisible();
  await startCheckoutFromCart(
    page,
    shop.baseURL,
    { counts: { luxe: 1, luxe750: 1 }, localPickup: false },
    "WELCOME10",
  );
  await expect(page.getByRole("button", { name: "Pay $82" })).toBeVisible();
});
