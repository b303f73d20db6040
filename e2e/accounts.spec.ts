import { logOut, newShopper, registerThroughPage, signInThroughModal } from "./support/accounts";
import { expectNoAccessibilityViolations, expectNoViolationsOfAnyAxeRule } from "./support/axe";
import { expect, type Locator, type Page, test } from "./support/test";

/** Whether `locator` sits in an inert part of the page (behind an open modal). */
const inertness = (locator: Locator) => () =>
  locator.evaluate((element) => element.closest("[inert]") !== null);

test("a shopper registers, signs out, and signs back in after a wrong password", async ({
  page,
}) => {
  const shopper = newShopper();
  await registerThroughPage(page, shopper);
  await expect(page.getByText("Created account successfully")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Plans" }),
  ).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Become A Member", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\?signIn=1$/);
  await signInThroughModal(page, shopper.email, "not-my-password");
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await expect(modal.getByRole("alert")).toContainText("Error: Invalid email or password");

  await modal.getByLabel("Password").fill(shopper.password);
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Your Account" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeHidden();
});

/** The success alert with `text`, once it is on screen below the navbar, never over it. */
async function expectAlertBelowNavbar(page: Page, text: string) {
  const alert = page.getByRole("status").filter({ hasText: text });
  await expect(alert).toBeVisible();
  const navbar = await page.getByRole("banner").boundingBox();
  const shown = await alert.boundingBox();
  expect(navbar && shown && shown.y >= navbar.y + navbar.height).toBe(true);
}

for (const { menuFolded, ...viewport } of [
  { width: 390, height: 844, menuFolded: true },
  { width: 1440, height: 900, menuFolded: false },
]) {
  test(`at ${viewport.width} px a new customer is welcomed, not welcomed back, by alerts that leave the navbar uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const shopper = newShopper("Mary");
    await registerThroughPage(page, shopper);
    await expectAlertBelowNavbar(page, "Created account successfully");
    await expect(page.getByText("Welcome to Troia Grove, Mary")).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    await expectNoViolationsOfAnyAxeRule(page);

    await page.reload();
    await expect(page.getByText("Welcome to Troia Grove, Mary")).toBeVisible();

    if (menuFolded) await page.getByRole("button", { name: "Menu" }).click();
    await logOut(page);
    await page.goto("/our-story?signIn=1");
    await signInThroughModal(page, shopper.email, shopper.password);
    await expectAlertBelowNavbar(page, "Signed in successfully");
    await page.goto("/account");
    await expect(page.getByText("Welcome back, Mary")).toBeVisible();
  });
}

test("fields show their message only after they had content and lost focus", async ({ page }) => {
  await page.goto("/?signIn=1");
  const modal = page.getByRole("dialog", { name: "Sign in" });
  const submit = modal.getByRole("button", { name: "Sign in", exact: true });
  const email = modal.getByLabel("Email");
  await expect(submit).toBeDisabled();
  await email.focus();
  await email.blur();
  await expect(modal.getByText("Please enter a valid email")).toBeHidden();
  await email.fill("not-an-address");
  await expect(modal.getByText("Please enter a valid email")).toBeHidden();
  await email.blur();
  await expect(modal.getByText("Please enter a valid email")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill("ada@example.com");
  await expect(modal.getByText("Please enter a valid email")).toBeHidden();
  await modal.getByLabel("Password").fill("12345");
  await expect(submit).toBeDisabled();
  await modal.getByLabel("Password").fill("123456");
  await expect(submit).toBeEnabled();
});

test("the sign-in modal opens, leads to the reset form and closes, on a phone too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/our-story?signIn=1");
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  // The page behind is inert, and Tab goes round the modal's own controls.
  const story = page.getByRole("heading", { level: 1 });
  await expect.poll(inertness(story)).toBe(true);
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press("Tab");
    await expect(modal.locator(":focus")).toHaveCount(1);
  }

  await modal.getByLabel("Email").fill("ada@example.com");
  await modal.getByRole("link", { name: "Forgot your password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await expect(reset.getByLabel("Email")).toHaveValue("ada@example.com");
  await expectNoAccessibilityViolations(page);
  await reset.getByRole("link", { name: "Back to sign in" }).click();
  await expect(modal).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/our-story$/);
  await expect.poll(inertness(story)).toBe(false);
});

test("the reset form says where the link went, whether or not the account exists", async ({
  page,
}) => {
  await page.goto("/?signIn=forgot");
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await reset.getByLabel("Email").fill("nobody-at-all@example.com");
  await reset.getByRole("button", { name: "Send reset link" }).click();
  await expect(reset.getByText("Please check your email to reset your password")).toBeVisible();
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("the modal signs in from the page it was opened on", async ({ page, browser }) => {
    const shopper = newShopper("Grace");
    const registering = await browser.newPage();
    await registerThroughPage(registering, shopper);
    await registering.close();

    await page.goto("/our-story?signIn=1");
    const modal = page.getByRole("dialog", { name: "Sign in" });
    await modal.getByLabel("Email").fill(shopper.email);
    await modal.getByLabel("Password").fill("wrong-password");
    await modal.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Error: Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(shopper.email);

    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/our-story$/);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Your Account" }),
    ).toBeVisible();
  });
});

test("the register and account pages pass axe, guests cannot open the account, navbars follow the role", async ({
  page,
}) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/register");
  await expect(page.getByText(/For a safer password/)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await registerThroughPage(page, newShopper("Hedy"));
  await expectNoAccessibilityViolations(page);
  await page.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await expect(page.getByRole("heading", { level: 2, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");

  await page.goto("/restaurants");
  const restaurantNav = page.getByRole("navigation", { name: "Main" });
  await expect(restaurantNav.getByRole("link", { name: "For Consumers" })).toBeVisible();
  await expect(restaurantNav.getByRole("link", { name: "Your Account" })).toBeVisible();
  await expect(restaurantNav.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(restaurantNav.getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test("on a phone the account tabs fold into a dropdown", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughPage(page, newShopper("Katherine"));
  await page.locator("summary", { hasText: "Account information" }).click();
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Memberships" })
    .click();
  await expect(page).toHaveURL(/\/account\?tab=memberships$/);
  await expect(page.getByRole("heading", { level: 2, name: "Memberships" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("changing the name asks for the current password first", async ({ page }) => {
  const shopper = newShopper("Barbara");
  await registerThroughPage(page, shopper);
  await page.getByLabel("First name").fill("Babs");
  await page.getByRole("button", { name: "Save changes" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await expect.poll(inertness(page.getByLabel("First name"))).toBe(true);
  await expectNoAccessibilityViolations(page);
  await confirm.getByLabel("Current password").fill("wrong-password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByRole("alert")).toContainText("Error: Invalid password");
  await expect(page.getByText("Welcome to Troia Grove, Barbara")).toBeVisible();

  await confirm.getByRole("button", { name: "Forgot your password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await expect(reset.getByLabel("Email")).toBeDisabled();
  await expect(reset.getByLabel("Email")).toHaveValue(shopper.email);
  await reset.getByRole("button", { name: "Back to your changes" }).click();

  await confirm.getByLabel("Current password").fill(shopper.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Account information updated")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Welcome to Troia Grove, Babs")).toBeVisible();
  await expect.poll(inertness(page.getByLabel("First name"))).toBe(false);
  await expect(page.getByLabel("First name")).toHaveValue("Babs");
});

test("another site cannot post the shop's forms", async ({ request }) => {
  const response = await request.post("/sign-in", {
    form: { email: "ada@example.com", password: "olive-grove-7", redirectTo: "/" },
    headers: { Origin: "https://elsewhere.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});
