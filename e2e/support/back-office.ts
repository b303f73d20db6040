import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { totpCode } from "../../test/support/totp";
import { fillSandboxForm, startCheckoutFromCart } from "./checkout";
import { type ShopServer, startShop } from "./shop-server";
import { type Browser, expect, type Page, test } from "./test";

export interface StaffCredentials {
  email: string;
  password: string;
}

export const shopOwner: StaffCredentials = {
  email: "owner@example.com",
  password: "owner-password-2026",
};

/** A shop of its own whose owner account is `shopOwner`, with `env` set besides. */
export function startShopWithOwner(env: Record<string, string> = {}): Promise<ShopServer> {
  return startShop({ ADMIN_EMAIL: shopOwner.email, ADMIN_PASSWORD: shopOwner.password, ...env });
}

/**
 * One shop and its owner, signed in to the back office, for all the journeys of a file, which
 * then run in order; `started` hands them to the file once they are up.
 */
export function shareShopWithOwner(started: (shared: { shop: ShopServer; owner: Page }) => void) {
  let shop: ShopServer | undefined;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ browser }) => {
    shop = await startShopWithOwner();
    started({ shop, owner: await backOfficePage(browser, shop) });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });
}

/** On the sign-in page: fills in `who`'s e-mail and password and signs in. */
export async function submitSignIn(page: Page, who: StaffCredentials = shopOwner) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in with the password only, from the sign-in page, on the way to `/admin`. */
export async function signInWithPassword(
  page: Page,
  shop: ShopServer,
  who: StaffCredentials = shopOwner,
) {
  await page.goto(`${shop.baseURL}/sign-in?redirectTo=/admin`);
  await submitSignIn(page, who);
}

/** What an enrolment leaves the member of staff: the app's secret and the backup codes. */
export interface Enrolment {
  secret: string;
  backupCodes: string[];
}

/**
 * On the enrolment page a first visit leads to: confirms the password, turns on two-factor
 * sign-in and lands on the back office's home. Returns the authenticator secret for later sign-ins
 * (with the next step's code: each code works once) and the backup codes.
 */
export async function turnOnTwoFactor(page: Page, who: StaffCredentials): Promise<Enrolment> {
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const backupCodes = await page
    .getByRole("list", { name: "Backup codes" })
    .getByRole("listitem")
    .allTextContents();
  await page.getByLabel("Code from your authenticator app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return { secret, backupCodes };
}

/** A member of staff on their first visit: signs in, then `turnOnTwoFactor`. */
export async function enrolInTwoFactor(
  page: Page,
  shop: ShopServer,
  who: StaffCredentials = shopOwner,
): Promise<Enrolment> {
  await signInWithPassword(page, shop, who);
  return turnOnTwoFactor(page, who);
}

/** On the code step: enters the app's `code` and signs in. */
export async function enterAppCode(page: Page, code: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** On the code step: follows 'Use a backup code', enters `code` and signs in. */
export async function enterBackupCode(page: Page, code: string) {
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter a backup code" })).toBeVisible();
  await page.getByLabel("Backup code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * `npm run staff:reset-two-factor -- email` against the shop's embedded database: the shop is
 * stopped for it (one process holds a PGlite data directory) and started again on the same data.
 * Resolves with what the command printed.
 */
export async function resetTwoFactorOf(shop: ShopServer, email: string): Promise<string> {
  let printed = "";
  await shop.restartAfter(async () => {
    const { stdout } = await promisify(execFile)(
      "node_modules/.bin/tsx",
      ["scripts/staff-reset-two-factor.ts", email],
      { env: { PATH: process.env.PATH, DATA_DIR: shop.dataDir, LOG_LEVEL: "warn" } },
    );
    printed = stdout;
  });
  return printed;
}

/** A browser page of its own, signed in to the back office as the enrolled `who`, on the orders inbox. */
export async function backOfficePage(
  browser: Browser,
  shop: ShopServer,
  who: StaffCredentials = shopOwner,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await enrolInTwoFactor(page, shop, who);
  await page.goto(`${shop.baseURL}/admin/orders`);
  return page;
}

/** Pays for two Luxe bottles through the sandbox as `email` (signed in or not, as the page is). */
export async function buyBottles(
  page: Page,
  shop: ShopServer,
  payer: { email: string; name: string; localPickup?: boolean },
) {
  const localPickup = payer.localPickup ?? false;
  await startCheckoutFromCart(page, shop.baseURL, { counts: { luxe: 2 }, localPickup });
  await fillSandboxForm(page, { email: payer.email, name: payer.name, address: !localPickup });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
}

/** Opens, in the back office, the newest order of the customer `email`. */
export async function openOrderOf(staff: Page, shop: ShopServer, email: string) {
  await staff.goto(`${shop.baseURL}/admin/orders?q=${encodeURIComponent(email)}`);
  await staff.getByRole("table", { name: "Orders" }).getByRole("link").first().click();
  await expect(staff.getByRole("heading", { name: /^Order [A-Z0-9]{10}$/ })).toBeVisible();
}
