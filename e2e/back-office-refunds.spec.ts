import { newShopper } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, buyBottles, openOrderOf, startShopWithOwner } from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { type Browser, expect, type Page, test } from "./support/test";

// One shop and one signed-in owner for the journeys below, which therefore run one after another.
test.describe.configure({ mode: "serial" });

let shop: ShopServer;
let staff: Page;

test.beforeAll(async ({ browser }) => {
  shop = await startShopWithOwner();
  staff = await backOfficePage(browser, shop);
});
test.afterAll(async () => {
  await shop.stop();
});

/** An order of two bottles paid by Ada Olive as a guest; her e-mail. */
async function adaOlivesOrder(browser: Browser): Promise<string> {
  const guest = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  const email = newShopper("Ada").email;
  await buyBottles(guest, shop, { email, name: "Ada Olive" });
  await guest.context().close();
  return email;
}

/** The parts of the order page a journey reads, on `page`. */
function orderPage(page: Page) {
  const payment = page.getByRole("region", { name: "Payment and refunds" });
  return {
    payment,
    amount: page.getByLabel(/^Amount/),
    reason: page.getByLabel("Reason", { exact: true }),
    refundButton: page.getByRole("button", { name: "Refund", exact: true }),
    refundedSoFar: (amount: string) => payment.getByText(new RegExp(`Refunded \\${amount}$`)),
    refundMails: page
      .getByRole("region", { name: "Timeline" })
      .getByText(/^E-mail 'Your refund is on its way'/),
  };
}

test("a refund asks first, naming the amount and the customer, happens once, and leaves the form empty", async ({
  browser,
}) => {
  test.slow();
  const email = await adaOlivesOrder(browser);
  await openOrderOf(staff, shop, email);
  const order = orderPage(staff);
  await expectNoAccessibilityViolations(staff);

  await order.payment.getByText("Make a refund").click();
  await order.amount.fill("10");
  await order.reason.fill("One bottle arrived broken");
  await order.refundButton.click();
  const confirmation = staff.getByRole("dialog", { name: "Refund $10.00 to Ada Olive?" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByText("Reason: One bottle arrived broken")).toBeVisible();
  await expect(confirmation.getByRole("button", { name: "Back" })).toBeFocused();
  await expectNoAccessibilityViolations(staff);

  // Escape, and 'Back', return to the form as it was typed; nothing was refunded.
  await staff.keyboard.press("Escape");
  await expect(confirmation).toHaveCount(0);
  await expect(order.amount).toHaveValue("10");
  await order.refundButton.click();
  await confirmation.getByRole("button", { name: "Back" }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(order.amount).toHaveValue("10");
  await expect(order.reason).toHaveValue("One bottle arrived broken");
  await expect(order.refundedSoFar("$0")).toBeVisible();

  // A double click on 'Confirm refund' refunds once.
  await order.refundButton.click();
  await confirmation.getByRole("button", { name: "Confirm refund" }).dblclick();
  await expect(staff.getByText(/: refunded \$10$/)).toBeVisible();
  await expect(order.refundedSoFar("$10")).toBeVisible();
  await expect(order.refundMails).toHaveCount(1);

  // The form is empty again: pressing 'Refund' sends nothing to refund.
  await order.payment.getByText("Make a refund").click();
  await expect(order.amount).toHaveValue("");
  await expect(order.reason).toHaveValue("");
  await order.refundButton.click();
  await expect(confirmation).toHaveCount(0);
  await staff.reload();
  await expect(order.refundedSoFar("$10")).toBeVisible();
  await expect(order.refundMails).toHaveCount(1);
});

test("cancelling asks first, naming the order, the amount and the customer, then cancels once", async ({
  browser,
}) => {
  const email = await adaOlivesOrder(browser);
  await openOrderOf(staff, shop, email);
  const order = orderPage(staff);
  const orderId = (await staff.getByRole("heading", { level: 1 }).textContent())?.slice(6) ?? "";
  await order.payment.getByText("Cancel the order").click();
  await staff.getByLabel("Reason for cancelling").fill("Out of stock");
  await staff.getByRole("button", { name: "Cancel order", exact: true }).click();
  const confirmation = staff.getByRole("dialog", {
    name: new RegExp(`^Cancel order ${orderId} and refund \\$\\d+\\.\\d\\d to Ada Olive\\?$`),
  });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole("button", { name: "Confirm cancellation" }).dblclick();
  await expect(staff.getByText(/: cancelled and refunded \$[\d.]+$/)).toBeVisible();
  await expect(staff.getByText("Status: Cancelled")).toBeVisible();
  await expect(order.payment.getByText("Nothing is left to refund.")).toBeVisible();
  await expect(order.refundMails).toHaveCount(1);
});

test("without scripts the refund and the cancellation ask on a page of their own, and happen once", async ({
  browser,
}) => {
  const email = await adaOlivesOrder(browser);
  const context = await browser.newContext({
    storageState: await staff.context().storageState(),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await openOrderOf(page, shop, email);
  const order = orderPage(page);

  await order.payment.getByText("Make a refund").click();
  await order.amount.fill("10");
  await order.reason.fill("Dented tin");
  await order.refundButton.click();
  const confirmation = page.getByRole("dialog", { name: "Refund $10.00 to Ada Olive?" });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole("button", { name: "Back" }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(order.amount).toHaveValue("10");
  await expect(order.reason).toHaveValue("Dented tin");

  await order.refundButton.click();
  await confirmation.getByRole("button", { name: "Confirm refund" }).click();
  await expect(page.getByText(/: refunded \$10$/)).toBeVisible();
  await expect(order.refundedSoFar("$10")).toBeVisible();
  await order.payment.getByText("Make a refund").click();
  await expect(order.amount).toHaveValue("");

  await order.payment.getByText("Cancel the order").click();
  await page.getByLabel("Reason for cancelling").fill("Out of stock");
  await page.getByRole("button", { name: "Cancel order", exact: true }).click();
  const cancelling = page.getByRole("dialog", { name: /^Cancel order .+ to Ada Olive\?$/ });
  await cancelling.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByText("Status: Cancelled")).toBeVisible();
  await expect(order.refundMails).toHaveCount(2);
  await context.close();
});

test("on a phone the order comes first, and each form opens from its button", async ({
  browser,
}) => {
  const email = await adaOlivesOrder(browser);
  await staff.setViewportSize({ width: 390, height: 844 });
  await openOrderOf(staff, shop, email);
  const order = orderPage(staff);
  const top = async (name: string) =>
    (await staff.getByRole("region", { name }).boundingBox())?.y ?? Number.NaN;
  expect(await top("Items")).toBeLessThan(await top("Customer and delivery"));
  expect(await top("Customer and delivery")).toBeLessThan(await top("Payment and refunds"));
  await expect(order.amount).toBeHidden();
  await expectNoAccessibilityViolations(staff);

  await order.payment.getByText("Make a refund").click();
  await expect(order.amount).toBeVisible();
  await order.amount.fill("5");
  await order.reason.fill("Late");
  await order.refundButton.click();
  await expect(staff.getByRole("dialog", { name: "Refund $5.00 to Ada Olive?" })).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.keyboard.press("Escape");
  await expect(order.amount).toHaveValue("5");
  await expect(order.refundedSoFar("$0")).toBeVisible();
  await staff.setViewportSize({ width: 1280, height: 800 });
});
