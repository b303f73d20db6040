import { readFile } from "node:fs/promises";
import { ordersCsvHeader } from "../server/admin/orders-export.server";
import { csvRecords, parseCsv } from "../test/support/csv";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, shopOwner as owner, startShopWithOwner } from "./support/back-office";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { expect, type Page, test } from "./support/test";

let shop: ShopServer;

test.beforeAll(async () => {
  shop = await startShopWithOwner();
});
test.afterAll(async () => {
  await shop.stop();
});

async function buyTwoLuxe(page: Page, name: string) {
  await startCheckoutFromCart(page, shop.baseURL, { counts: { luxe: 2 }, localPickup: false });
  const email = `${name.split(" ")[0]?.toLowerCase()}.${Date.now()}@example.com`;
  await fillSandboxForm(page, { email, name });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
}

test("the owner ships an order, finds it in the audit log, and downloads the shipped orders as CSV", async ({
  page,
  browser,
}) => {
  // Two purchases, an enrolment, a shipment, the log at two widths and a download.
  test.slow();
  await buyTwoLuxe(page, "Grace Hopper");
  await buyTwoLuxe(page, "Alan Turing");

  const staff = await backOfficePage(browser, shop);
  await staff
    .getByRole("table", { name: "Orders" })
    .getByRole("row")
    .filter({ hasText: "Grace Hopper" })
    .getByRole("link")
    .click();
  const heading = staff.getByRole("heading", { name: /^Order [A-Z0-9]{10}$/ });
  const orderId = ((await heading.textContent()) ?? "").replace("Order ", "");
  await staff.getByLabel("Carrier").selectOption("UPS");
  await staff.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await staff.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(staff.getByText(/: marked as shipped$/)).toBeVisible();

  await staff
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await expect(staff.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(staff.getByText("The log is append-only")).toBeVisible();
  const entries = staff.getByRole("table", { name: "Audit log entries" });
  const shipped = entries.getByRole("row").filter({ hasText: "Order shipped" });
  await expect(shipped).toContainText(owner.email);
  await expect(shipped.getByRole("link", { name: `Order ${orderId}` })).toBeVisible();
  await expect(shipped).toContainText(
    /Before: Payment status: Paid, Fulfilment status: Unfulfilled\s*→\s*After: .*Fulfilment status: Shipped/,
  );
  await expect(shipped).toContainText("Carrier: UPS");
  await expect(shipped).toContainText("Tracking number: 1Z999AA10123456784");
  await expect(entries.getByText("Two-factor sign-in turned on")).toBeVisible();
  await expectNoAccessibilityViolations(staff);

  await staff.getByLabel("Action").selectOption({ label: "Order shipped" });
  await staff.getByRole("button", { name: "Apply filters" }).click();
  await expect(staff).toHaveURL(/\/admin\/audit\?.*\baction=order\.shipped(&|$)/);
  await expect(entries.getByText("Two-factor sign-in turned on")).toHaveCount(0);
  await expect(entries.getByRole("row")).toHaveCount(2);
  await expect(shipped).toBeVisible();
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(shipped).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.getByLabel("Who (e-mail)").fill("nobody@example.com");
  await staff.getByRole("button", { name: "Apply filters" }).click();
  await expect(staff.getByText("No entries match these filters")).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.setViewportSize({ width: 1280, height: 800 });

  await staff
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Orders" })
    .click();
  await staff.getByRole("link", { name: "Shipped 1" }).click();
  await expect(staff).toHaveURL(/\/admin\/orders\?fulfilment=shipped$/);
  const downloading = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(parseCsv(csv)[0]).toEqual([...ordersCsvHeader]);
  expect(csvRecords(csv)).toEqual([
    expect.objectContaining({
      Order: orderId,
      "Payment status": "Paid",
      "Fulfilment status": "Shipped",
      Kind: "Purchase",
      Customer: "Grace Hopper",
      Delivery: "Shipping",
      "Address line 1": "12 Grove Street",
      City: "Mountain View",
      Items: "2 × Luxe 375 ml",
      Subtotal: "66.00",
      Shipping: "15.00",
      Total: "81.00",
      Refunded: "0.00",
      Carrier: "UPS",
      "Tracking number": "1Z999AA10123456784",
    }),
  ]);

  await staff.goto(`${shop.baseURL}/admin/audit?action=orders.exported`);
  const exported = entries.getByRole("row").filter({ hasText: "Orders exported as CSV" });
  await expect(exported).toContainText("Fulfilment: Shipped");
  await expect(exported).toContainText(download.suggestedFilename());
});
