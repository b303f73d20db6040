import { newShopper, registerThroughPage } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, startShopWithOwner } from "./support/back-office";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { test as base, expect, type Page } from "./support/test";

/** The journey runs on a shop of its own, whose owner is the back office's test owner. */
const test = base.extend<object, { ownerShop: ShopServer }>({
  ownerShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const shop = await startShopWithOwner();
      await use(shop);
      await shop.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownerShop }, use) => use(ownerShop.baseURL),
});

/** The page passes axe on a desktop and on a phone, and is left at the desktop's width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAccessibilityViolations(page);
}

test("the owner finds a member, cancels the membership on their behalf, and both see it cancelled", async ({
  page,
  browser,
  ownerShop,
}) => {
  // A purchase, an enrolment and five back-office pages, each checked at two widths.
  test.slow();
  const shopper = newShopper("Katherine");
  await registerThroughPage(page, shopper);
  await startCheckoutFromCart(page, ownerShop.baseURL, {
    counts: { refinedPalate: 1 },
    localPickup: false,
  });
  await fillSandboxForm(page, { email: shopper.email, name: "Katherine Lovelace" });
  await page.getByRole("button", { name: /^(Pay|Subscribe)/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();

  const staff = await backOfficePage(browser, ownerShop);
  const sections = staff.getByRole("navigation", { name: "Back office" });
  await sections.getByRole("link", { name: "Customers" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/admin/customers.csv",
  );
  await staff.getByLabel("Search").fill("nobody@example.com");
  await staff.getByLabel("Search").press("Enter");
  await expect(staff.getByText("No customers match this search")).toBeVisible();
  await expectAccessibleAtBothWidths(staff);

  await staff.getByLabel("Search").fill(shopper.email.toUpperCase());
  await staff.getByLabel("Search").press("Enter");
  const customers = staff.getByRole("table", { name: "Customers" });
  const row = customers.getByRole("row", { name: /Katherine Lovelace/ });
  await expect(row).toContainText(shopper.email);
  // Verified e-mail, orders, lifetime spend (Refined Palate, $59, ships free), memberships.
  await expect(row.getByRole("cell")).toContainText(["No", "1", "$59", "1"]);
  await expectAccessibleAtBothWidths(staff);

  await row.getByRole("link", { name: "Katherine Lovelace" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Katherine Lovelace" })).toBeVisible();
  const memberships = staff.getByRole("region", { name: "Memberships" });
  await expect(memberships.getByRole("heading", { name: "Refined Palate" })).toBeVisible();
  await expect(memberships.getByText("Active", { exact: true })).toBeVisible();
  await expect(memberships.getByText("$59/m")).toBeVisible();
  const orders = staff.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("link", { name: /^[A-Z0-9]{10}$/ })).toHaveCount(1);
  await expectAccessibleAtBothWidths(staff);

  await memberships
    .getByRole("link", { name: `Cancel membership Refined Palate of ${shopper.email}` })
    .click();
  await expect(staff.getByRole("heading", { level: 1, name: "Cancel membership" })).toBeVisible();
  await expect(staff.getByText(`${shopper.email} is told by e-mail`)).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  await staff.getByRole("button", { name: "Yes, cancel membership" }).focus();
  await staff.keyboard.press("Enter");

  await expect(
    staff.getByText(`Membership cancelled: Refined Palate of ${shopper.email}`),
  ).toBeVisible();
  await expect(memberships.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(memberships.getByText(/^None: cancelled on /)).toBeVisible();
  await expect(memberships.getByRole("link", { name: /^Cancel membership/ })).toHaveCount(0);

  await sections.getByRole("link", { name: "Memberships" }).click();
  await staff.getByRole("link", { name: "Cancelled 1" }).click();
  const cancelled = staff.getByRole("table", { name: "Memberships" });
  const cancelledRow = cancelled.getByRole("row", { name: /Katherine Lovelace/ });
  await expect(cancelledRow).toContainText("Refined Palate");
  await expect(cancelledRow).toContainText("Cancelled");
  await expect(staff.getByRole("link", { name: "Active 0" })).toBeVisible();
  await expectAccessibleAtBothWidths(staff);

  await staff.goto(`${ownerShop.baseURL}/admin/customers/no-such-customer`);
  await expect(staff.getByRole("alert")).toHaveText("There is no customer no-such-customer");
  await expectAccessibleAtBothWidths(staff);

  await page.goto("/account?tab=memberships");
  await expect(page.getByText(/You don't have a membership yet/)).toBeVisible();
});
