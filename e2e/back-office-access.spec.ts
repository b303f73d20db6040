import { totpCode } from "../test/support/totp";
import { newShopper, registerThroughPage } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import {
  enrolInTwoFactor,
  enterAppCode,
  enterBackupCode,
  shopOwner as owner,
  resetTwoFactorOf,
  signInWithPassword,
  startShopWithOwner,
  submitSignIn,
  turnOnTwoFactor,
} from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { test as base, expect, type Page } from "./support/test";

/** Each journey has a shop of its own: its owner enrols in it. */
const test = base.extend<{ shop: ShopServer; newPage: () => Promise<Page> }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  shop: async ({}, use) => {
    const shop = await startShopWithOwner();
    await use(shop);
    await shop.stop();
  },
  /** A page in a browser of its own (another device), on the journey's shop. */
  newPage: async ({ browser, shop }, use) => {
    await use(async () => (await browser.newContext({ baseURL: shop.baseURL })).newPage());
  },
});

/** Axe at a phone's width and a desktop's, ending at the desktop's. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAccessibilityViolations(page);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
}

test("a session opened with the password before the enrolment gets nothing from the back office after it", async ({
  shop,
  newPage,
}) => {
  test.slow();
  const earlier = await newPage();
  await signInWithPassword(earlier, shop);
  await expect(earlier).toHaveURL(/\/admin\/two-factor$/);

  await enrolInTwoFactor(await newPage(), shop);

  for (const path of ["/admin", "/admin/orders.csv", "/admin/customers.csv"]) {
    const answer = await earlier.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location, path).toBe(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
  }
  await earlier.goto("/admin/orders");
  await expect(earlier).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Forders$/);
  await expect(earlier.getByRole("heading", { name: "Orders" })).toHaveCount(0);
});

test("a code from the app signs in once, a backup code once, and the profile gives new backup codes", async ({
  shop,
  newPage,
}) => {
  test.slow();
  const { secret, backupCodes } = await enrolInTwoFactor(await newPage(), shop);
  const code = totpCode(secret, Date.now() + 30_000);

  // Signing in on the shop's sign-in page: the owner lands in the back office.
  const phone = await newPage();
  await phone.goto("/sign-in");
  await submitSignIn(phone);
  await expect(phone).toHaveURL(/\/sign-in\/two-factor\?redirectTo=%2F$/);
  await expectAccessibleAtBothWidths(phone);
  await enterAppCode(phone, code);
  await expect(phone).toHaveURL(/\/admin$/);

  // The same code on another device is refused.
  const laptop = await newPage();
  await signInWithPassword(laptop, shop);
  await enterAppCode(laptop, code);
  await expect(laptop.getByText(/This code has already been used\./)).toBeVisible();
  await expect(laptop).toHaveURL(/\/sign-in\/two-factor/);
  await expectAccessibleAtBothWidths(laptop);
  expect((await laptop.request.get("/admin/orders", { maxRedirects: 0 })).status()).toBe(302);

  // A backup code instead: it works once.
  await signInWithPassword(laptop, shop);
  await laptop.getByRole("link", { name: "Use a backup code" }).click();
  await expect(laptop.getByLabel("Backup code")).toBeVisible();
  await expectAccessibleAtBothWidths(laptop);
  await laptop.getByRole("link", { name: "Use a code from your app" }).click();
  await enterBackupCode(laptop, backupCodes[0] ?? "");
  await expect(laptop).toHaveURL(/\/admin$/);
  await signOut(laptop);
  await signInWithPassword(laptop, shop);
  await enterBackupCode(laptop, backupCodes[0] ?? "");
  await expect(laptop.getByText("Invalid backup code")).toBeVisible();

  // The profile counts what is left and gives new codes for the password.
  await phone
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Your profile" })
    .click();
  await expect(phone.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(phone.getByText("You have 9 unused backup codes.")).toBeVisible();
  await expect(
    phone.getByText("As the owner, you are e-mailed each new paid order."),
  ).toBeVisible();
  await expect(phone.getByLabel("E-mail me each new paid order")).toHaveCount(0);
  await expectAccessibleAtBothWidths(phone);
  await phone.getByLabel("Password").fill(owner.password);
  await phone.getByRole("button", { name: "New backup codes" }).click();
  const renewed = phone.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(renewed).toHaveCount(10);
  expect(await renewed.allTextContents()).not.toContain(backupCodes[1]);
  await expectAccessibleAtBothWidths(phone);
  await expect(phone.getByText("You have 10 unused backup codes.")).toBeVisible();
});

test("staff:reset-two-factor lets an owner who lost the phone in, to enrol again", async ({
  shop,
  newPage,
}) => {
  test.slow();
  const page = await newPage();
  await enrolInTwoFactor(page, shop);

  const printed = await resetTwoFactorOf(shop, owner.email);
  expect(printed).toContain(`${owner.email}: two-factor sign-in turned off; 1 session ended`);

  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Forders$/);
  await signInWithPassword(page, shop);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await turnOnTwoFactor(page, owner);
  await page.goto("/admin/audit");
  const entries = page.getByRole("table", { name: "Audit log entries" });
  await expect(
    entries.getByRole("row").filter({ hasText: "Server operator (command line)" }),
  ).toHaveCount(1);
});

test("staff land in the back office and find it in the account menu, customers do not, and a signed-out visit comes back after signing in", async ({
  shop,
  newPage,
}) => {
  test.slow();
  const staff = await newPage();
  await staff.goto("/sign-in");
  await submitSignIn(staff);
  const { secret } = await turnOnTwoFactor(staff, owner);
  await expectAccessibleAtBothWidths(staff);
  await staff.getByRole("link", { name: "View shop" }).click();
  await expect(staff).toHaveURL(`${shop.baseURL}/`);
  await expectAccessibleAtBothWidths(staff);
  await staff
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Back office" })
    .click();
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.getByRole("link", { name: "View shop" }).click();
  await expect(staff).toHaveURL(`${shop.baseURL}/`);
  await staff.getByRole("button", { name: "Menu" }).click();
  await expect(
    staff.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Back office" }),
  ).toBeVisible();

  const customer = await newPage();
  await registerThroughPage(customer, newShopper());
  await expect(
    customer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Your Account" }),
  ).toBeVisible();
  await expect(customer.getByRole("link", { name: "Back office" })).toHaveCount(0);
  await customer.goto("/admin");
  await expect(customer).toHaveURL(`${shop.baseURL}/`);

  const signedOut = await newPage();
  await signedOut.goto("/admin/customers?q=ada");
  await expect(signedOut).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Fcustomers%3Fq%3Dada$/);
  await submitSignIn(signedOut);
  await enterAppCode(signedOut, totpCode(secret, Date.now() + 30_000));
  await expect(signedOut).toHaveURL(/\/admin\/customers\?q=ada$/);
});
