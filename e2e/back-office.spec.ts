import { totpCode } from "../test/support/totp";
import { newShopper, registerThroughPage } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { shopOwner as owner, signInWithPassword, startShopWithOwner } from "./support/back-office";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { expect, test } from "./support/test";

let shop: ShopServer;

test.beforeAll(async () => {
  shop = await startShopWithOwner();
});
test.afterAll(async () => {
  await shop.stop();
});
// Its journeys run in order in one worker, which starts the shop once.
test.describe.configure({ mode: "default" });

test("the owner enrols in two-factor sign-in, ships a customer's order with UPS, and signs in with a code", async ({
  page,
  browser,
}) => {
  // A whole working day in one journey: a purchase, enrolment, the inbox, a shipment, two sign-ins.
  test.slow();
  const customer = newShopper("Grace");
  await page.goto(`${shop.baseURL}/register`);
  await page.getByLabel("First name").fill(customer.firstName);
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await startCheckoutFromCart(page, shop.baseURL, { counts: { luxe: 2 }, localPickup: false });
  await fillSandboxForm(page, { email: customer.email, name: "Grace Hopper" });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signInWithPassword(staff, shop);
  await expect(staff).toHaveURL(/\/admin\/two-factor$/);
  await expect(staff.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.getByLabel("Password").fill(owner.password);
  await staff.getByRole("button", { name: "Continue" }).click();
  await expect(
    staff.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const secret = (await staff.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expectNoAccessibilityViolations(staff);
  await staff.getByLabel("Code from your authenticator app").fill(totpCode(secret));
  await staff.getByRole("button", { name: "Turn on two-factor sign-in" }).click();

  await expect(staff).toHaveURL(/\/admin$/);
  await expect(staff.getByText("Two-factor sign-in is on")).toBeVisible();
  await staff
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Orders" })
    .click();
  const orders = staff.getByRole("table", { name: "Orders" });
  await expect(orders.getByText("Grace Hopper")).toBeVisible();
  await expect(staff.getByRole("link", { name: "Unfulfilled 1" })).toBeVisible();
  await staff.getByLabel("Search").fill("nobody@example.com");
  await staff.getByRole("button", { name: "Apply filters" }).click();
  await expect(staff.getByText("No orders match these filters")).toBeVisible();
  expect(new URL(staff.url()).searchParams.get("q")).toBe("nobody@example.com");
  await staff.getByLabel("Search").fill(customer.email);
  await staff.getByRole("button", { name: "Apply filters" }).click();
  await expect(orders.getByText(customer.email)).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(staff);

  await orders.getByRole("link").first().click();
  await expect(staff.getByRole("heading", { name: /^Order [A-Z0-9]{10}$/ })).toBeVisible();
  await staff.getByLabel("Carrier").selectOption("UPS");
  await staff.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await staff.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(staff.getByText(/: marked as shipped$/)).toBeVisible();
  const timeline = staff.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Shipped: UPS 1Z999AA10123456784")).toBeVisible();
  await expect(timeline.getByText(/E-mail 'Your order has shipped'/)).toBeVisible();
  await expectNoAccessibilityViolations(staff);

  await page.goto(`${shop.baseURL}/account?tab=orders`);
  await expect(page.getByText("Fulfilment status: Shipped")).toBeVisible();
  await expect(page.getByRole("link", { name: /Track your package/ })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );

  await staff.getByRole("button", { name: "Sign out" }).click();
  await expect(staff.getByText("Logged out successfully")).toBeVisible();
  await signInWithPassword(staff, shop);
  await expect(staff).toHaveURL(/\/sign-in\/two-factor\?redirectTo=%2Fadmin$/);
  await expectNoAccessibilityViolations(staff);
  // The next step's code: the one of enrolment may not be accepted twice.
  await staff
    .getByLabel("Code from your authenticator app")
    .fill(totpCode(secret, Date.now() + 30_000));
  await staff.getByRole("button", { name: "Sign in" }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  await expect(staff.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
});

test("a signed-out visitor is asked to sign in, and a customer finds no back office", async ({
  page,
  baseURL,
}) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(`${baseURL}/sign-in?redirectTo=%2Fadmin%2Forders`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await registerThroughPage(page, newShopper());
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("heading", { name: "Orders" })).toHaveCount(0);
});
