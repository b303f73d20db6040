import type { StoredCart } from "../core/cart";
import { startTestMailbox, type TestMailbox } from "../test/support/mail";
import { newShopper, registerThroughPage } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, startShopWithOwner } from "./support/back-office";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { test as base, expect, type Page } from "./support/test";

/** A shop of its own with an owner, e-mailing a test mailbox: its clock is moved here. */
const test = base.extend<object, { clockShop: { shop: ShopServer; mailbox: TestMailbox } }>({
  clockShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const mailbox = await startTestMailbox();
      const shop = await startShopWithOwner({ SMTP_URL: mailbox.url });
      await use({ shop, mailbox });
      await shop.stop();
      await mailbox.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ clockShop }, use) => use(clockShop.shop.baseURL),
});

const everydayLuxury: StoredCart = { counts: { everydayLuxury: 1 }, localPickup: false };

async function advance(owner: Page, days: number) {
  await owner.getByLabel("Days to advance").fill(String(days));
  await owner.getByRole("button", { name: "Advance" }).click();
  await expect(owner.getByRole("status")).toContainText(`Advanced ${days} day`);
}

async function renewalOrders(page: Page) {
  await page.goto("/account?tab=orders");
  return page.getByRole("article");
}

test("a renewal on the card that fails is recovered from the e-mail's link; a paused month bills nothing", async ({
  page,
  browser,
  clockShop: { shop, mailbox },
}) => {
  test.slow();
  const member = newShopper("Grace");
  await page.goto(shop.baseURL);
  await registerThroughPage(page, member);
  await startCheckoutFromCart(page, shop.baseURL, everydayLuxury);
  await fillSandboxForm(page, { email: member.email, cardNumber: "4000 0000 0000 0341" });
  await expect(page.getByText(/By subscribing you agree to the membership terms/)).toBeVisible();
  await page.getByRole("button", { name: /^Subscribe/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();

  const owner = await backOfficePage(browser, shop);
  await owner.goto(`${shop.baseURL}/admin/sandbox-clock`);
  await expect(owner.getByRole("heading", { name: "Sandbox clock" })).toBeVisible();
  await expectNoAccessibilityViolations(owner);

  // Three days before the charge: the reminder, with what ships and the amount.
  await page.goto("/account?tab=memberships");
  const billingDate = await page
    .getByText(/^\d{1,2}\/\d{1,2}\/\d{4}$/)
    .first()
    .textContent();
  const daysToBill = Math.round((Date.parse(billingDate ?? "") - Date.now()) / 86_400_000);
  await advance(owner, daysToBill - 2);
  await expect
    .poll(() => mailbox.to(member.email).map((mail) => mail.text))
    .toContainEqual(expect.stringMatching(/On .* we charge \$49 for your Everyday Luxury/));

  // The charge is declined: 'Payment failed', and one e-mail with the card-update link.
  await advance(owner, 3);
  await page.goto("/account?tab=memberships");
  await expect(
    page.getByText("Your last payment failed. Update your card to receive this month's bottles."),
  ).toBeVisible();
  await expect
    .poll(() => mailbox.to(member.email).filter((mail) => mail.text.includes("Update your card")))
    .toHaveLength(1);
  const failed = mailbox.to(member.email).find((mail) => mail.text.includes("Update your card"));
  const link = failed?.text.match(/\/membership\/card\/cu_[\w-]+/)?.[0] ?? "";
  expect(link).not.toBe("");

  // The link's page names the membership; its button opens the sandbox's card page.
  await page.goto(link);
  await expect(page.getByText("Your Everyday Luxury membership")).toBeVisible();
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/card\/cu_[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Update your card" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("04/30");
  await page.getByLabel("CVC").fill("321");
  await page.getByRole("button", { name: "Update card and pay $49" }).click();
  await expect(page.getByRole("heading", { name: "Your card is updated" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("your membership is active again");
  await expect(await renewalOrders(page)).toHaveCount(2);

  // A month paused: the clock passes it with no order; resumed, it bills again.
  await page.goto("/account?tab=memberships");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText(/^Paused for 1 month: billing starts again on /)).toBeVisible();
  await advance(owner, 35);
  await expect(await renewalOrders(page)).toHaveCount(2);
  await page.goto("/account?tab=memberships");
  await page.getByRole("button", { name: "Resume membership" }).click();
  await expect(page.getByText(/^Resumed: the next bill is on /)).toBeVisible();
  await advance(owner, 1);
  await expect(await renewalOrders(page)).toHaveCount(3);
});
