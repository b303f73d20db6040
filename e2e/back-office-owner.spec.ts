import { readFile } from "node:fs/promises";
import { csvRecords } from "../test/support/csv";
import { startTestMailbox, type TestMailbox } from "../test/support/mail";
import { newShopper } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import {
  backOfficePage,
  buyBottles,
  shopOwner as owner,
  startShopWithOwner,
} from "./support/back-office";
import { fillSandboxForm, startCheckoutFromCart } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { test as base, expect, type Page } from "./support/test";

interface OwnerShop {
  shop: ShopServer;
  /** Where the shop's e-mails arrive: a real SMTP server the journey reads. */
  mailbox: TestMailbox;
}

/** A shop of its own that sends its e-mails to a mailbox the journey reads. */
const test = base.extend<object, { ownerShop: OwnerShop }>({
  ownerShop: [
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
  baseURL: async ({ ownerShop }, use) => use(ownerShop.shop.baseURL),
});

// One shop, one guest purchase and one signed-in owner for the journeys below, in this order.
test.describe.configure({ mode: "serial" });

/** A time as the back office shows it: by the shop's clock (Los Angeles), with the zone named. */
const shopTime = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) P[SD]T/;

/** The page passes axe on a phone and on a desktop, and is left at the desktop's width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAccessibilityViolations(page);
}

const guest = { email: newShopper("Hedy").email, name: "Hedy Lamarr" };
let staff: Page;
let orderId: string;

test("a guest's paid order is e-mailed to the owner, with the order's link", async ({
  page,
  browser,
  ownerShop,
}) => {
  test.slow();
  const { shop, mailbox } = ownerShop;
  await buyBottles(page, shop, guest);

  const notices = () =>
    mailbox.to(owner.email).filter((mail) => mail.text.includes("paid $81 for order"));
  await expect.poll(() => notices().length).toBe(1);
  const [notice] = notices();
  const text = notice?.text ?? "";
  orderId = /\/admin\/orders\/([A-Z0-9]{10})/.exec(text)?.[1] ?? "";
  expect(orderId).toMatch(/^[A-Z0-9]{10}$/);
  expect(text).toContain(`${guest.name} (${guest.email}, guest, no account) paid $81`);
  expect(text).toContain("2 × Luxe 375 ml");
  expect(text).toContain("Ship to");
  expect(text).toContain("12 Grove Street");
  expect(text).toContain(`${shop.baseURL}/admin/orders/${orderId}`);
  // The guest has their own confirmation, and not the owner's notice.
  await expect.poll(() => mailbox.to(guest.email).length).toBe(1);
  expect(mailbox.to(guest.email)[0]?.text).not.toContain("paid $81 for order");

  staff = await backOfficePage(browser, shop);
  await staff.goto(`${shop.baseURL}/admin/orders/${orderId}`);
  const timeline = staff.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(`E-mail 'New order' to ${owner.email} sent`)).toBeVisible();
  await expect(timeline.getByText(shopTime).first()).toBeVisible();
  await expect(staff.getByText(new RegExp(`Purchase placed on ${shopTime.source}`))).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
});

test("the guest is a customer: in the list, on a page of their own and in the CSV", async ({
  ownerShop,
}) => {
  const { shop } = ownerShop;
  await staff
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Customers" })
    .click();
  await staff.getByLabel("Search").fill(guest.email.toUpperCase());
  await staff.getByLabel("Search").press("Enter");
  await expect(staff).toHaveURL(/[?&]q=/);
  const row = staff.getByRole("table", { name: "Customers" }).getByRole("row", { name: /Hedy/ });
  await expect(row).toContainText(guest.email);
  // Kind, verified e-mail, orders, lifetime spend, active memberships, joined.
  await expect(row.getByRole("cell")).toContainText(["Guest", "No", "1", "$81", "0", shopTime]);
  await expectAccessibleAtBothWidths(staff);

  const downloading = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  const records = csvRecords(await readFile(await download.path(), "utf8"));
  expect(records.filter((record) => record["E-mail"] === guest.email)).toEqual([
    expect.objectContaining({
      Name: guest.name,
      Kind: "Guest",
      Verified: "No",
      Orders: "1",
      "Lifetime spend": "81.00",
    }),
  ]);

  await row.getByRole("link", { name: guest.name }).click();
  await expect(staff).toHaveURL(/\/admin\/customers\/guest\.[\w-]+$/);
  await expect(staff.getByRole("heading", { level: 1, name: guest.name })).toBeVisible();
  await expect(staff.getByText("Paid without an account.")).toBeVisible();
  const orders = staff.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("link", { name: orderId })).toBeVisible();
  await expect(orders.getByText(shopTime)).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  await expect(staff).toHaveURL(new RegExp(`^${shop.baseURL}/admin/customers/guest\\.`));
});

test("the audit log shows dollars and names, the stored values one click away", async ({
  ownerShop,
}) => {
  const { shop } = ownerShop;
  await staff.goto(`${shop.baseURL}/admin/orders/${orderId}`);
  await staff.getByLabel(/^Amount/).fill("10");
  await staff.getByLabel("Reason", { exact: true }).fill("One bottle arrived broken");
  await staff.getByRole("button", { name: "Refund", exact: true }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Confirm refund" }).click();
  await expect(staff.getByText(/: refunded \$10$/)).toBeVisible();

  await staff
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Audit log" })
    .click();
  const entries = staff.getByRole("table", { name: "Audit log entries" });
  const refunded = entries.getByRole("row").filter({ hasText: "Order refunded" });
  await expect(refunded).toContainText("Shop Owner");
  await expect(refunded).toContainText(owner.email);
  await expect(refunded.getByRole("link", { name: `Order ${orderId}` })).toBeVisible();
  await expect(refunded).toContainText(`${guest.name} · ${guest.email}`);
  await expect(refunded).toContainText("Amount: $10");
  await expect(refunded).toContainText("Refunded: $10");
  await expect(refunded.getByText(shopTime)).toBeVisible();
  const stored = refunded.getByText(/"amountCents": 1000/);
  await expect(stored).toBeHidden();
  await refunded.getByText("Details", { exact: true }).click();
  await expect(stored).toBeVisible();
  await expect(refunded.getByText("Actor id")).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
});

test("a day outside 2000-2100 is refused with the form's message, the other filters kept", async ({
  ownerShop,
}) => {
  const { shop } = ownerShop;
  const message = "Please enter a date between 1/1/2000 and 12/31/2100";

  const inbox = await staff.goto(`${shop.baseURL}/admin/orders?kind=purchase&to=9999-12-31`);
  expect(inbox?.status()).toBe(400);
  await expect(staff.getByText(message)).toBeVisible();
  await expect(staff.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(staff.getByLabel("Kind")).toHaveValue("purchase");
  await expect(staff.getByRole("table", { name: "Orders" }).getByText(shopTime)).toBeVisible();
  await expectAccessibleAtBothWidths(staff);

  const log = await staff.goto(`${shop.baseURL}/admin/audit?action=order.refunded&from=1999-12-31`);
  expect(log?.status()).toBe(400);
  await expect(staff.getByText(message)).toBeVisible();
  await expect(staff.getByLabel("Action")).toHaveValue("order.refunded");
  await expectAccessibleAtBothWidths(staff);

  const download = await staff.request.get(`${shop.baseURL}/admin/orders.csv?to=9999-12-31`);
  expect(download.status()).toBe(400);
  expect(await download.text()).toContain(message);
});

test("the memberships, staff and packing slip pages show times with the zone", async ({
  page,
  ownerShop,
}) => {
  const { shop } = ownerShop;
  await staff.goto(`${shop.baseURL}/admin/packing-slips?order=${orderId}`);
  await expect(staff.getByText(new RegExp(`Placed on ${shopTime.source}`))).toBeVisible();
  await expectAccessibleAtBothWidths(staff);

  await staff.goto(`${shop.baseURL}/admin/staff`);
  await staff.getByLabel("E-mail address").fill("new.clerk@example.com");
  await staff.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(staff.getByText("Invitation sent to new.clerk@example.com")).toBeVisible();
  const invitations = staff.getByRole("table", { name: "Pending invitations" });
  await expect(invitations.getByText(shopTime)).toHaveCount(2);
  await expectAccessibleAtBothWidths(staff);

  const member = { email: newShopper("Mae").email, name: "Mae Jemison" };
  await startCheckoutFromCart(page, shop.baseURL, {
    counts: { refinedPalate: 1 },
    localPickup: false,
  });
  await fillSandboxForm(page, member);
  await page.getByRole("button", { name: /^(Pay|Subscribe)/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
  await staff.goto(`${shop.baseURL}/admin/memberships`);
  const row = staff.getByRole("table", { name: "Memberships" }).getByRole("row", { name: /Mae/ });
  await expect(row).toContainText("(guest)");
  await expect(row.getByText(shopTime)).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  // The guest holding it has a page of their own.
  await row.getByRole("link", { name: member.name }).click();
  await expect(staff.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
  await expect(staff.getByRole("region", { name: "Memberships" })).toContainText("Refined Palate");
});
