import type { StoredCart } from "../core/cart";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, startShopWithOwner } from "./support/back-office";
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

async function placeOrder(page: Page, name: string, cart: StoredCart) {
  await startCheckoutFromCart(page, shop.baseURL, cart);
  const email = `${name.split(" ")[0]?.toLowerCase()}@example.com`;
  await fillSandboxForm(page, { email, name, address: !cart.localPickup });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
}

test("the owner marks two orders as processing together and prints their packing slips", async ({
  page,
  browser,
}) => {
  // Two purchases, an enrolment, and the inbox with and without scripts.
  test.slow();
  await placeOrder(page, "Grace Hopper", { counts: { luxe: 2 }, localPickup: false });
  await placeOrder(page, "Katherine Johnson", {
    counts: { privateReserve: 3 },
    localPickup: true,
  });

  const staff = await backOfficePage(browser, shop);
  const orders = staff.getByRole("table", { name: "Orders" });
  const numberOf = (customer: string) =>
    orders.getByRole("row").filter({ hasText: customer }).getByRole("link").textContent();
  const grace = (await numberOf("Grace Hopper")) ?? "";
  const katherine = (await numberOf("Katherine Johnson")) ?? "";
  await expect(staff.getByRole("link", { name: "Unfulfilled 2" })).toBeVisible();

  await staff.getByRole("checkbox", { name: "Select all on this page", exact: true }).check();
  await expect(staff.getByRole("checkbox", { name: `Select order ${grace}` })).toBeChecked();
  await expect(staff.getByRole("checkbox", { name: `Select order ${katherine}` })).toBeChecked();
  await expect(staff.getByText("2 selected")).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.getByRole("button", { name: "Mark as processing" }).click();

  await expect(staff.getByText("2 orders marked as processing")).toBeVisible();
  await expect(staff.getByRole("link", { name: "Processing 2" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Unfulfilled 0" })).toBeVisible();
  await expect(orders.getByText("Fulfilment status: Processing")).toHaveCount(2);
  await expect(staff.getByRole("checkbox", { name: `Select order ${grace}` })).not.toBeChecked();

  // Without scripts the same form posts, and orders already processing are reported as such.
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await staff.context().storageState(),
    })
  ).newPage();
  await plain.goto(`${shop.baseURL}/admin/orders?fulfilment=processing`);
  await expect(
    plain.getByRole("checkbox", { name: "Select all on this page", exact: true }),
  ).toHaveCount(0);
  await plain.getByRole("checkbox", { name: `Select order ${grace}` }).check();
  await plain.getByRole("checkbox", { name: `Select order ${katherine}` }).check();
  await plain.getByRole("button", { name: "Mark as processing" }).click();
  await expect(plain).toHaveURL(/\/admin\/orders\?fulfilment=processing$/);
  await expect(
    plain.getByText(
      /^No order marked as processing; 2 could not be: orders \w+ and \w+ are processing$/,
    ),
  ).toBeVisible();

  await staff.getByRole("checkbox", { name: `Select order ${grace}` }).check();
  await staff.getByRole("checkbox", { name: `Select order ${katherine}` }).check();
  await staff.getByRole("button", { name: "Print packing slips" }).click();
  await expect(staff).toHaveURL(/\/admin\/packing-slips\?order=\w+&order=\w+$/);
  const graceSlip = staff.getByRole("region", { name: `Packing slip for order ${grace}` });
  const katherineSlip = staff.getByRole("region", { name: `Packing slip for order ${katherine}` });
  await expect(graceSlip.getByText("Grace Hopper")).toBeVisible();
  await expect(graceSlip.getByText("12 Grove Street")).toBeVisible();
  await expect(graceSlip.getByRole("row", { name: "Luxe 375 ml 2" })).toBeVisible();
  await expect(katherineSlip.getByText("Katherine Johnson")).toBeVisible();
  await expect(katherineSlip.getByText("Local pickup in Mountain View")).toBeVisible();
  await expect(katherineSlip.getByRole("row", { name: "Private Reserve 375 ml 3" })).toBeVisible();
  await expect(graceSlip).not.toContainText("$");
  await expectNoAccessibilityViolations(staff);
  await staff.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(staff);

  await staff.setViewportSize({ width: 1280, height: 800 });
  const print = staff.getByRole("button", { name: "Print", exact: true });
  const navigation = staff.getByRole("navigation", { name: "Back office" });
  await expect(print).toBeVisible();
  await expect(navigation).toBeVisible();
  await staff.emulateMedia({ media: "print" });
  await expect(navigation).toBeHidden();
  await expect(print).toBeHidden();
  await expect(staff.getByRole("button", { name: "Sign out" })).toBeHidden();
  await expect(staff.getByRole("link", { name: "All orders" })).toBeHidden();
  await expect(graceSlip).toBeVisible();
  await expect(katherineSlip).toBeVisible();
  await staff.screenshot({
    path: test.info().outputPath("packing-slips-print.png"),
    fullPage: true,
  });
});
