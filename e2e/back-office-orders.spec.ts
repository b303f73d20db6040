import { newShopper, registerThroughPage } from "./support/accounts";
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

async function customerPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: shop.baseURL })).newPage();
}

/** Asks for a refund of `amount` in the open refund form. */
async function askRefund(amount: string, reason: string) {
  await staff.getByLabel(/^Amount/).fill(amount);
  await staff.getByLabel("Reason", { exact: true }).fill(reason);
  await staff.getByRole("button", { name: "Refund", exact: true }).click();
}

/** Asks for a refund of `amount` in the open refund form, and confirms it. */
async function refund(amount: string, reason: string) {
  await askRefund(amount, reason);
  await staff.getByRole("dialog").getByRole("button", { name: "Confirm refund" }).click();
}

test("a partial refund, then the rest", async ({ browser }) => {
  test.slow();
  const guest = await customerPage(browser);
  const email = newShopper("Rosa").email;
  await buyBottles(guest, shop, { email, name: "Rosa Parks" });

  await openOrderOf(staff, shop, email);
  const payment = staff.getByRole("region", { name: "Payment and refunds" });
  await askRefund("1000", "One bottle arrived broken");
  await expect(payment.getByText(/^No more than \$\d+(\.\d\d)? is left to refund$/)).toBeVisible();
  await expect(staff.getByLabel("Reason", { exact: true })).toHaveValue(
    "One bottle arrived broken",
  );
  await refund("10", "One bottle arrived broken");
  await expect(staff.getByText(/: refunded \$10$/)).toBeVisible();
  await expect(staff.getByText("Payment status: Partially refunded")).toBeVisible();
  await expect(payment.getByText(/Refunded \$10$/)).toBeVisible();
  await expectNoAccessibilityViolations(staff);

  const left = (await staff.getByLabel(/^Amount/).getAttribute("placeholder")) ?? "";
  await refund(left, "The rest, as goodwill");
  await expect(
    staff.getByText(new RegExp(`: refunded \\$${left.replace(/\.00$/, "")}$`)),
  ).toBeVisible();
  // Refunded in full before it was sent, the order will not be sent.
  await expect(staff.getByText("Payment status: Refunded")).toBeVisible();
  await expect(staff.getByText("Fulfilment status: Cancelled")).toBeVisible();
  await expect(payment.getByText("Nothing is left to refund.")).toBeVisible();
  const timeline = staff.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Refunded $10: One bottle arrived broken")).toBeVisible();
  await expect(timeline.getByText(/^E-mail 'Your refund is on its way'/)).toHaveCount(2);
  await expect(staff.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
});

test("a local pickup order is made ready, then picked up", async ({ browser }) => {
  const guest = await customerPage(browser);
  const email = newShopper("Pia").email;
  await buyBottles(guest, shop, { email, name: "Pia Pickup", localPickup: true });

  await openOrderOf(staff, shop, email);
  await expect(staff.getByText("Local pickup in Mountain View")).toBeVisible();
  await expect(staff.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  await staff.getByRole("button", { name: "Ready for pickup" }).click();
  await expect(staff.getByText("Fulfilment status: Ready for pickup")).toBeVisible();
  const timeline = staff.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(/^E-mail 'Your order is ready for pickup'/)).toBeVisible();
  await staff.getByRole("button", { name: "Picked up" }).click();
  await expect(staff.getByText("Fulfilment status: Picked up")).toBeVisible();
  await expect(staff.getByText("Nothing left to do for an order that is picked up.")).toBeVisible();
});

test("the whole return flow: request, approval with a label, receipt and refund", async ({
  browser,
}) => {
  test.slow();
  const customer = await customerPage(browser);
  const shopper = newShopper("Rene");
  await registerThroughPage(customer, shopper);
  await buyBottles(customer, shop, { email: shopper.email, name: "Rene Return" });

  await openOrderOf(staff, shop, shopper.email);
  await staff.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await staff.getByRole("button", { name: "Mark as shipped" }).click();
  await staff.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(staff.getByText("Fulfilment status: Delivered")).toBeVisible();

  await customer.goto("/account?tab=orders");
  await customer.getByText("Request a return").click();
  await customer.getByLabel("Reason for the return").fill("The bottles taste of the cork");
  await customer.getByRole("button", { name: "Send return request" }).click();
  await expect(customer.getByText("Return requested").first()).toBeVisible();
  await expect(customer.getByText("Request a return")).toHaveCount(0);
  await expectNoAccessibilityViolations(customer);

  await staff.goto(`${shop.baseURL}/admin/orders?fulfilment=return_requested`);
  await staff.getByRole("table", { name: "Orders" }).getByRole("link").first().click();
  const returnCard = staff.getByRole("region", { name: "Return" });
  await expect(
    returnCard.getByText("The bottles taste of the cork", { exact: false }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await returnCard.getByRole("button", { name: "Approve return" }).click();
  await expect(returnCard.getByText(/upload the label as a PDF/)).toBeVisible();
  await returnCard.getByLabel("Or the label's address").fill("https://labels.example/RET-1");
  await returnCard.getByRole("button", { name: "Approve return" }).click();
  await expect(staff.getByText(/: return approved, the label was e-mailed$/)).toBeVisible();

  await customer.goto("/account?tab=orders");
  await expect(customer.getByText("Return approved")).toBeVisible();
  await expect(
    customer.getByRole("link", { name: "Print your prepaid return label" }),
  ).toHaveAttribute("href", "https://labels.example/RET-1");

  await staff.getByRole("button", { name: "Return received" }).click();
  await expect(staff.getByText("Fulfilment status: Returned")).toBeVisible();
  const left = (await staff.getByLabel(/^Amount/).getAttribute("placeholder")) ?? "";
  await refund(left, "Returned");
  await expect(staff.getByText("Payment status: Refunded")).toBeVisible();
  await expect(staff.getByText("Fulfilment status: Returned")).toBeVisible();
  const timeline = staff.getByRole("region", { name: "Timeline" });
  for (const step of [
    "Return requested by the customer: The bottles taste of the cork",
    "Return approved, label: https://labels.example/RET-1",
    "Return received",
  ]) {
    await expect(timeline.getByText(step)).toBeVisible();
  }
  await staff.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(staff);
  await staff.setViewportSize({ width: 1280, height: 720 });

  await customer.goto("/account?tab=orders");
  await expect(customer.getByText("Fulfilment status: Returned")).toBeVisible();
  await expect(customer.getByText("Payment status: Refunded")).toBeVisible();
});

/** An order of two bottles paid by Ada Olive as a guest; her e-mail. */
async function adaOlivesOrder(browser: Browser): Promise<string> {
  const guest = await customerPage(browser);
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
  await expect(order.amount).toHaveValue("");

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
