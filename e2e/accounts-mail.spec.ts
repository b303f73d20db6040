import pg from "pg";
import { createScratchPostgresDatabase } from "../test/support/database";
import { newShopper, registerThroughPage, signInThroughModal } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { type ShopServer, startShop } from "./support/shop-server";
import { test as base, expect, sharedByTheFile } from "./support/test";

const serverUrl = process.env.TEST_DATABASE_URL;

interface ShopOnPostgres {
  shop: ShopServer;
  /** The shop's own database, for reading what it wrote. */
  database: pg.Client;
}

/**
 * These journeys read what the shop wrote (the reset e-mail in the outbox, the session row), so
 * their shop runs on a PostgreSQL database of its own that the test opens too.
 */
const started = sharedByTheFile(
  async (): Promise<ShopOnPostgres & { drop: () => Promise<void> }> => {
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is required in CI");
    const scratch = await createScratchPostgresDatabase(serverUrl);
    const shop = await startShop({ DATABASE_URL: scratch.url });
    const database = new pg.Client({ connectionString: scratch.url });
    await database.connect();
    return { shop, database, drop: scratch.drop };
  },
  async ({ shop, database, drop }) => {
    await database.end();
    await shop.stop();
    await drop();
  },
);

const test = base.extend<{ shopDatabase: pg.Client }>({
  baseURL: async ({ baseURL: _runShopUrl }, use) => use((await started()).shop.baseURL),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  shopDatabase: async ({}, use) => use((await started()).database),
});

/** The links of the e-mails `template` the outbox holds for `to`, as their mailbox shows them. */
async function mailedLinks(
  database: pg.Client,
  to: string,
  template: "password-reset" | "email-verification",
  field: "resetUrl" | "verifyUrl",
): Promise<string[]> {
  const { rows } = await database.query<{ link: string }>(
    `select payload->>$3 as link from mail_outbox where "to" = $1 and template = $2 order by id`,
    [to, template, field],
  );
  return rows.map((row) => row.link);
}

test.skip(!serverUrl && process.env.CI !== "true", "TEST_DATABASE_URL is not set");

test("a forgotten password is reset through the e-mailed link", async ({
  page,
  shopDatabase,
  baseURL,
}) => {
  const shopper = newShopper("Mary");
  await registerThroughPage(page, shopper);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }),
  ).toBeVisible();

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Sign In" })
    .click();
  await page
    .getByRole("dialog", { name: "Sign in" })
    .getByRole("link", { name: "Forgot your password?" })
    .click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await reset.getByLabel("Email").fill(shopper.email);
  await reset.getByRole("button", { name: "Send reset link" }).click();
  await expect(reset.getByText("Please check your email to reset your password")).toBeVisible();

  const links = await mailedLinks(shopDatabase, shopper.email, "password-reset", "resetUrl");
  expect(links).toHaveLength(1);
  const resetUrl = links[0] ?? "";
  expect(resetUrl.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

  await page.goto(resetUrl);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("New password").fill("a-fresh-harvest-9");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();

  await signInThroughModal(page, shopper.email, shopper.password);
  await expect(page.getByRole("dialog", { name: "Sign in" }).getByRole("alert")).toContainText(
    "Invalid email or password",
  );
  await signInThroughModal(page, shopper.email, "a-fresh-harvest-9");
  await expect(page.getByText("Signed in successfully")).toBeVisible();

  await page.goto(resetUrl);
  await page.getByLabel("New password").fill("yet-another-one-3");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Error code: INVALID_TOKEN");
});

test("when the session ends, the shopper is signed out with 'Logged out successfully'", async ({
  page,
  shopDatabase,
}) => {
  await page.clock.install();
  const shopper = newShopper("Ida");
  await registerThroughPage(page, shopper);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  // The server's clock cannot be moved: the session ends there, the browser's clock reaches it.
  await shopDatabase.query(
    `update session set expires_at = now() - interval '1 second'
       where user_id = (select id from "user" where email = $1)`,
    [shopper.email],
  );
  await page.clock.fastForward(7 * 24 * 60 * 60 * 1000);
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeHidden();
});

test("a new account verifies its e-mail with the e-mailed link, signing in first", async ({
  page,
  shopDatabase,
  baseURL,
}) => {
  const shopper = newShopper("Katherine");
  await registerThroughPage(page, shopper);
  const banner = page.getByRole("region", { name: "Please verify your e-mail address" });
  await expect(banner).toContainText(`We sent a link to ${shopper.email}.`);
  await expect(banner.getByRole("button", { name: "Resend" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const links = await mailedLinks(shopDatabase, shopper.email, "email-verification", "verifyUrl");
  expect(links).toHaveLength(1);
  const verifyUrl = links[0] ?? "";
  expect(verifyUrl.startsWith(`${baseURL}/verify-email?token=`)).toBe(true);

  // Opened in a browser that is not signed in, the link asks to sign in first.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await page.goto(verifyUrl);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fverify-email%3Ftoken%3D/);
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("E-mail address verified successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=account-info$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();
  await expect(banner).toBeHidden();

  await page.goto("/verify-email?token=not-a-link");
  await expect(
    page.getByRole("heading", { level: 1, name: "This link is not valid" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("another verification link is sent three times an hour, then 429 says when to retry", async ({
  page,
  baseURL,
}) => {
  await registerThroughPage(page, newShopper("Annie"));
  const banner = page.getByRole("region", { name: "Please verify your e-mail address" });
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(banner.getByRole("status")).toHaveText("We sent a new link. It works for 24 hours.");

  // The form as it posts before JavaScript loads.
  const resend = () =>
    page.request.post("/account?tab=account-info", {
      form: { intent: "resend-verification" },
      headers: { Origin: baseURL ?? "" },
    });
  expect((await resend()).status()).toBe(200);
  expect((await resend()).status()).toBe(200);
  const limited = await resend();
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(limited.headers()["cache-control"]).toBe("private, no-store");
  expect(await limited.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);

  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(banner.getByRole("alert")).toContainText("Error: Too many attempts.");
});
