import { newShopper, registerThroughPage } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, buyBottles, openOrderOf, startShopWithOwner } from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { expect, type Page, test } from "./support/test";

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

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Axe finds nothing and the page is no wider than the window, on a phone and on a desktop. */
async function expectFinishedAtBothWidths(page: Page) {
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await expectNoAccessibilityViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `wider than ${size.width} px`).toBe(0);
  }
  await page.setViewportSize(desktop);
}

test("a shipped order refunded in part stays under the 'Shipped' tab and shows 'Partially refunded'", async ({
  browser,
}) => {
  test.slow();
  const customer = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  const shopper = newShopper("Sara");
  await registerThroughPage(customer, shopper);
  await buyBottles(customer, shop, { email: shopper.email, name: "Sara Shipped" });

  await openOrderOf(staff, shop, shopper.email);
  const heading = staff.getByRole("heading", { level: 1, name: /^Order [A-Z0-9]{10}$/ });
  const orderId = ((await heading.textContent()) ?? "").replace("Order ", "");
  await expect(staff.getByText("Fulfilment status: Unfulfilled")).toBeVisible();
  await expect(staff.getByText("Payment status: Paid")).toBeVisible();
  await staff.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await staff.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(staff.getByText(/: marked as shipped$/)).toBeVisible();
  await staff.getByLabel(/^Amount/).fill("5");
  await staff.getByLabel("Reason", { exact: true }).fill("One bottle arrived dented");
  await staff.getByRole("button", { name: "Refund", exact: true }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Confirm refund" }).click();
  await expect(staff.getByText(/: refunded \$5$/)).toBeVisible();
  await expect(staff.getByText("Fulfilment status: Shipped")).toBeVisible();
  await expect(staff.getByText("Payment status: Partially refunded")).toBeVisible();
  // The parcel is on its way whatever was refunded: it can still be delivered.
  await expect(staff.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await expectFinishedAtBothWidths(staff);

  await staff.goto(`${shop.baseURL}/admin/orders`);
  const tabs = staff.getByRole("navigation", { name: "Fulfilment status" });
  await tabs.getByRole("link", { name: "Shipped 1" }).click();
  await expect(staff).toHaveURL(/\/admin\/orders\?fulfilment=shipped$/);
  await expect(tabs.getByRole("link", { name: "Shipped 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const rows = staff.getByRole("table", { name: "Orders" }).getByRole("row");
  const row = rows.filter({ hasText: orderId });
  await expect(row.getByText("Fulfilment status: Shipped")).toBeVisible();
  await expect(row.getByText("Payment status: Partially refunded")).toBeVisible();
  await expectFinishedAtBothWidths(staff);

  const payment = staff.getByLabel("Payment");
  await expect(payment.locator("option")).toHaveText([
    "Any payment (1)",
    "Paid (0)",
    "Partially refunded (1)",
    "Refunded (0)",
  ]);
  await payment.selectOption("partially_refunded");
  await staff.getByRole("button", { name: "Apply filters" }).click();
  // The tab stays chosen beside the filter.
  await expect(staff).toHaveURL(/[?&]payment=partially_refunded(&|$)/);
  expect(new URL(staff.url()).searchParams.get("fulfilment")).toBe("shipped");
  await expect(row).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(payment).toHaveValue("partially_refunded");
  await payment.selectOption("paid");
  await staff.getByRole("button", { name: "Apply filters" }).click();
  await expect(staff.getByText("No orders match these filters")).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Shipped 0" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "All 0" })).toBeVisible();

  await customer.goto("/account?tab=orders");
  const order = customer.getByRole("article", { name: `Order ${orderId}` });
  await expect(order.getByText("Fulfilment status: Shipped")).toBeVisible();
  await expect(order.getByText("Payment status: Partially refunded")).toBeVisible();
  await expectFinishedAtBothWidths(customer);
});

test("the rarer statuses are behind 'More', with their counts, even without scripts", async ({
  browser,
}) => {
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await staff.context().storageState(),
    })
  ).newPage();
  await plain.goto(`${shop.baseURL}/admin/orders`);
  const tabs = plain.getByRole("navigation", { name: "Fulfilment status" });
  for (const everyday of ["All 1", "Unfulfilled 0", "Shipped 1", "Ready for pickup 0"]) {
    await expect(tabs.getByRole("link", { name: everyday })).toBeVisible();
  }
  const cancelled = tabs.getByRole("link", { name: "Cancelled 0" });
  await expect(cancelled).toBeHidden();
  await tabs.getByText("More").click();
  for (const rarer of ["Picked up 0", "Return requested 0", "Returned 0"]) {
    await expect(tabs.getByRole("link", { name: rarer })).toBeVisible();
  }
  await cancelled.click();
  await expect(plain).toHaveURL(/\/admin\/orders\?fulfilment=cancelled$/);
  // The current tab's menu is open on arrival.
  await expect(cancelled).toHaveAttribute("aria-current", "page");
  await expect(plain.getByText("No orders match these filters")).toBeVisible();

  await staff.goto(`${shop.baseURL}/admin/orders?fulfilment=cancelled`);
  await expect(
    staff
      .getByRole("navigation", { name: "Fulfilment status" })
      .getByRole("link", { name: "Cancelled 0" }),
  ).toBeVisible();
  await expectFinishedAtBothWidths(staff);
});
