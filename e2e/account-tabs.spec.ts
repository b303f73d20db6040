import type { StoredCart } from "../core/cart";
import { startTestMailbox, type TestMailbox } from "../test/support/mail";
import { logOut, newShopper, registerThroughPage, signInThroughModal } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import { type ShopServer, startShop } from "./support/shop-server";
import { test as base, expect, type Page, sharedByTheFile } from "./support/test";

interface AccountShop {
  shop: ShopServer;
  mailbox: TestMailbox;
}

/**
 * These journeys register several accounts and pay through the sandbox, so they run on a shop
 * of their own (clear of the global shop's registration limit) that e-mails a test mailbox.
 */
const started = sharedByTheFile(
  async (): Promise<AccountShop> => {
    const mailbox = await startTestMailbox();
    return { mailbox, shop: await startShop({ SMTP_URL: mailbox.url }) };
  },
  async ({ shop, mailbox }) => {
    await shop.stop();
    await mailbox.close();
  },
);

const test = base.extend<{ mailbox: TestMailbox; shopUrl: string }>({
  baseURL: async ({ baseURL: _runShopUrl }, use) => use((await started()).shop.baseURL),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  mailbox: async ({}, use) => use((await started()).mailbox),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  shopUrl: async ({}, use) => use((await started()).shop.baseURL),
});

const membership: StoredCart = { counts: { refinedPalate: 1 }, localPickup: false };
const everydayLuxury: StoredCart = { counts: { everydayLuxury: 1 }, localPickup: false };
const oneBottle: StoredCart = { counts: { luxe: 1 }, localPickup: false };

/** Pays for `cart` through the sandbox, as whoever is signed in (or as a guest). */
async function pay(page: Page, shopUrl: string, cart: StoredCart, email: string) {
  await startCheckoutFromCart(page, shopUrl, cart);
  await fillSandboxForm(page, { email });
  await page.getByRole("button", { name: /^(Pay|Subscribe)/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

/** A tab is a region named by its heading. */
const tabPanel = (page: Page, name: string) => page.getByRole("region", { name });

test("a new account's tabs say they are empty, on a phone, without accessibility violations", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughPage(page, newShopper("Rosalind"));
  const emptyStates = [
    [
      "shipping-info",
      "Shipping information",
      "You don't have a shipping addresses on file yet. You can create one with your first order.",
    ],
    ["payment-methods", "Payment methods", "We'll save one for you if you become a member."],
    ["orders", "Orders", "You haven't placed an order yet."],
    ["memberships", "Memberships", /You don't have a membership yet/],
  ] as const;
  for (const [tab, name, text] of emptyStates) {
    const response = await page.goto(`/account?tab=${tab}`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(tabPanel(page, name).getByText(text)).toBeVisible();
    await expectNoAccessibilityViolations(page);
  }
  await expect(page.getByRole("link", { name: "Explore memberships" })).toHaveAttribute(
    "href",
    "/become-a-member",
  );
});

test("paying signed in fills every tab; the shipping form refuses 'California' and takes 'CA'", async ({
  page,
  shopUrl,
  browser,
}) => {
  // Two payments and five tabs, each checked with axe: a long journey.
  test.slow();
  const shopper = newShopper("Dorothy");
  await registerThroughPage(page, shopper);
  await pay(page, shopUrl, membership, shopper.email);
  await pay(page, shopUrl, oneBottle, shopper.email);
  await page.getByRole("link", { name: "See your orders" }).click();

  const orders = page.getByRole("article");
  await expect(orders).toHaveCount(2);
  const [newest, first] = [orders.nth(0), orders.nth(1)];
  await expect(newest.getByText("Luxe 375 ml")).toBeVisible();
  await expect(newest.getByText("Standard shipping")).toBeVisible();
  await expect(newest.getByRole("definition").filter({ hasText: "$48" })).toBeVisible();
  await expect(newest.getByText("Tax")).toHaveCount(0);
  await expect(newest.getByText("Discount")).toHaveCount(0);
  await expect(newest.getByText("Tracking information not available yet")).toBeVisible();
  await expect(newest.getByText("Fulfilment status: Unfulfilled")).toBeVisible();
  await expect(newest.getByText("Payment status: Paid")).toBeVisible();
  await expect(first.getByText("Refined Palate")).toBeVisible();
  await expect(first.getByText("Free shipping")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await openTab(page, "Memberships");
  const plan = tabPanel(page, "Memberships").getByRole("listitem");
  await expect(plan.getByRole("heading", { name: "Refined Palate" })).toBeVisible();
  await expect(plan.getByText("1 Luxe and 1 Private Reserve (375 ml) every month")).toBeVisible();
  await expect(plan.getByText("$59/m")).toBeVisible();
  await expect(plan.getByText(/^\d{1,2}\/\d{1,2}\/\d{4}$/)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await openTab(page, "Payment methods");
  const cards = tabPanel(page, "Payment methods");
  await expect(cards.getByText("Visa ending in 4242")).toBeVisible();
  await expect(cards.getByText("Expires 03/29")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await openTab(page, "Shipping information");
  const shipping = tabPanel(page, "Shipping information");
  await expect(shipping.getByText("12 Grove Street")).toBeVisible();
  await shipping.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Country")).toBeDisabled();
  await expect(page.getByText("Currently we only ship to the US")).toBeVisible();
  await page.getByLabel("State").fill("California");
  await page.getByLabel("State").blur();
  await expect(
    page.getByText('Please enter a valid state abbreviation. E.g. "CA" not "California"'),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("State").fill("CA");
  await page.getByLabel("Address line 1").fill("1 Harbor Way");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Shipping information updated")).toBeVisible();
  await expect(page.getByLabel("State")).toBeHidden();
  await expect(shipping.getByText("1 Harbor Way")).toBeVisible();

  // Before JavaScript loads the server checks the form, and a refusal keeps it open.
  const scriptless = await browser.newContext({ javaScriptEnabled: false, baseURL: shopUrl });
  await scriptless.addCookies(await page.context().cookies());
  const plain = await scriptless.newPage();
  await plain.goto("/account?tab=shipping-info");
  await expect(plain.getByText("1 Harbor Way")).toBeVisible();
  await plain.getByRole("link", { name: "Edit" }).click();
  await plain.getByLabel("State").fill("California");
  await plain.getByRole("button", { name: "Save" }).click();
  await expect(
    plain.getByText('Please enter a valid state abbreviation. E.g. "CA" not "California"'),
  ).toBeVisible();
  await plain.getByLabel("State").fill("ca");
  await plain.getByLabel("City").fill("Santa Cruz");
  await plain.getByRole("button", { name: "Save" }).click();
  await expect(plain.getByText("Santa Cruz, CA")).toBeVisible();
  await scriptless.close();
});

test("a member changes plan, skips a month with a double press and cancels in three steps", async ({
  page,
  shopUrl,
  mailbox,
}) => {
  test.slow();
  const shopper = newShopper("Hypatia");
  await registerThroughPage(page, shopper);
  await pay(page, shopUrl, everydayLuxury, shopper.email);

  await page.goto("/account?tab=memberships");
  const plan = tabPanel(page, "Memberships").getByRole("listitem");
  await expect(plan.getByRole("heading", { name: "Everyday Luxury" })).toBeVisible();
  await expect(
    plan.getByText(/You agreed to the membership terms \(version 2026-11\)/),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The new plan and its price are shown before confirming; it bills from the next bill.
  await plan.getByRole("radio", { name: "True Connoisseur, $69 a month" }).check();
  await plan.getByRole("button", { name: "Change plan" }).click();
  await expect(plan.getByText("From the next bill: True Connoisseur, $69 a month.")).toBeVisible();

  // A double press skips one month, and says so once, without an error.
  await plan.getByRole("button", { name: "Skip next delivery" }).dblclick();
  await expect(plan.getByText(/^The delivery of .* is skipped\.$/)).toBeVisible();
  await expect(plan.getByRole("button", { name: "Skip next delivery" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Cancelling: the button, a reason, then the one offer declined.
  await plan.getByRole("link", { name: "Cancel membership" }).click();
  await plan.getByLabel("Why are you cancelling? (optional)").selectOption({
    label: "It costs more than I want to spend",
  });
  await plan.getByRole("button", { name: "Continue" }).click();
  await expect(
    plan.getByRole("heading", { name: "Before you go: take a break instead?" }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(page);
  await plan.getByRole("button", { name: "Cancel membership" }).click();
  await expect(plan.getByText(/^Cancelled: your last paid month ends on /)).toBeVisible();
  await expect
    .poll(() => mailbox.to(shopper.email).map((mail) => mail.text))
    .toContainEqual(expect.stringContaining("Cancelled: your last paid month runs until"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAccessibilityViolations(page);
});

test("a guest's order is claimed at /create-account once; afterwards the page only signs in", async ({
  page,
  shopUrl,
  mailbox,
}) => {
  const guest = newShopper("Grace");
  await pay(page, shopUrl, oneBottle, guest.email);
  const confirmation = page.url();
  await page.getByRole("link", { name: "Create your account to track your orders" }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Create your account to track your orders" }),
  ).toBeVisible();
  await expect(page.getByText(`You have 1 order with us under ${guest.email}.`)).toBeVisible();
  await expect(page.getByText("We never share your information with 3rd parties.")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByLabel("Email")).toHaveValue(guest.email);
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expectNoAccessibilityViolations(page);
  const createAccount = page.url();
  // The guest id opens this page: a whole page of it is kept out of caches and Referer headers.
  const whole = await page.request.get(createAccount);
  expect(whole.headers()["cache-control"]).toBe("private, no-store");
  // Browsers apply the last policy the header lists.
  expect(whole.headers()["referrer-policy"]?.split(",").at(-1)?.trim()).toBe("no-referrer");
  expect(await whole.text()).toContain("Create your account to track your orders");

  await page.getByLabel("Password").fill("12345");
  await page.getByLabel("Password").blur();
  await expect(page.getByText("Please enter a valid password", { exact: true })).toBeVisible();
  await page.getByLabel("Password").fill(guest.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Created account successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await expect(page.getByRole("article").getByText("Luxe 375 ml")).toBeVisible();
  await expect
    .poll(() => mailbox.to(guest.email).map((mail) => mail.text))
    .toContainEqual(expect.stringContaining("Your Troia Grove account is ready"));

  // Signing out forgets this browser's checkouts: the confirmation no longer opens.
  await logOut(page);
  await page.goto(confirmation);
  await expect(page).toHaveURL(`${shopUrl}/`);

  await page.goto(createAccount);
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to track your orders" }),
  ).toBeVisible();
  await expect(
    page.getByText(`Your 1 order is in the account of ${guest.email}. Sign in to follow it.`),
  ).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("Password").fill("not-my-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Error: Invalid email or password");
  await page.getByLabel("Password").fill(guest.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await expect(page.getByRole("article")).toHaveCount(1);

  await page.goto(createAccount);
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
});

test("a guest order paid with an unverified account's e-mail stays out of it until its holder signs in from the guest link", async ({
  page,
  shopUrl,
}) => {
  const shopper = newShopper("Barbara");
  await registerThroughPage(page, shopper);
  await logOut(page);
  await pay(page, shopUrl, oneBottle, shopper.email);
  await page.getByRole("link", { name: "Create your account to track your orders" }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to track your orders" }),
  ).toBeVisible();
  await expect(
    page.getByText(
      `An account with ${shopper.email} exists. Sign in to add your 1 order to it. Not your account, or you do not know its password? 'Forgot your password?' sends a reset link to ${shopper.email}.`,
    ),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const guestLink = page.url();

  // Signed in elsewhere, the account does not hold the order.
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Sign In" })
    .click();
  await signInThroughModal(page, shopper.email, shopper.password);
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await page.goto("/account?tab=orders");
  await expect(
    tabPanel(page, "Orders").getByText("You haven't placed an order yet."),
  ).toBeVisible();
  await logOut(page);

  await page.goto(guestLink);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await expect(page.getByRole("article").getByText("Luxe 375 ml")).toBeVisible();
});

test("signing in on the order confirmation says so and stays on the order", async ({
  page,
  shopUrl,
  browser,
}) => {
  const member = newShopper("Lise");
  const registering = await browser.newPage({ baseURL: shopUrl });
  await registerThroughPage(registering, member);
  await registering.close();

  await pay(page, shopUrl, oneBottle, newShopper("Guest").email);
  const confirmation = page.url();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Sign In" })
    .click();
  await expectNoAccessibilityViolations(page);
  await signInThroughModal(page, member.email, member.password);
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Sign in" })).toBeHidden();
  await expect(page).toHaveURL(confirmation);
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
});

test("'Loading your account information' shows while a tab's information is on its way", async ({
  page,
}) => {
  await registerThroughPage(page, newShopper("Chien-Shiung"));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/account\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Orders" })
    .click();
  await expect(
    page.getByRole("status").filter({ hasText: "Loading your account information" }),
  ).toBeVisible();
  release();
  await expect(page.getByText("You haven't placed an order yet.")).toBeVisible();
  await expect(page.getByText("Loading your account information")).toBeHidden();
});
