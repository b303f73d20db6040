// The owner's home and report tell the story of one visit: a visitor who asks not to be tracked
// leaves no trace, a visitor sent by a referral link buys a $66 tasting set, and the home's
// revenue, its funnel and the referral report each show it, with the order one click away.

import { expectNoAccessibilityViolations } from "./support/axe";
import { enrolInTwoFactor, startShopWithOwner } from "./support/back-office";
import { fillSandboxForm } from "./support/checkout";
import type { ShopServer } from "./support/shop-server";
import { type Browser, expect, type Locator, type Page, test } from "./support/test";

let shop: ShopServer;
test.beforeAll(async () => {
  shop = await startShopWithOwner();
});
test.afterAll(async () => {
  await shop.stop();
});

const referralId = "olive-friend-7";

/** A figure's value on the home, such as `$66`. */
function figure(page: Page, label: string): Locator {
  return page
    .getByRole("region", { name: "Figures of the period" })
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();
}

/** The sessions a step of the funnel counted today. */
function funnelStep(page: Page, step: string): Locator {
  return page
    .getByRole("table", { name: "Funnel" })
    .getByRole("row", { name: new RegExp(`^${step} `) })
    .getByRole("cell")
    .first();
}

async function readFunnel(page: Page) {
  const steps = ["Sessions", "Added to cart", "Started checkout", "Paid"] as const;
  const counts: Record<string, number> = {};
  for (const step of steps) counts[step] = Number(await funnelStep(page, step).textContent());
  return counts;
}

/**
 * A browser with Global Privacy Control on, as such browsers are: `Sec-GPC: 1` on its requests
 * and `navigator.globalPrivacyControl` set (Chromium's beacons leave out the extra header).
 */
async function privateContext(browser: Browser, options: { baseURL?: string } = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "Sec-GPC": "1" } });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });
  });
  return context;
}

/** A visitor of its own browser: opens the shop with `?ref=`, adds the tasting set and pays. */
async function visitAndBuy(browser: Browser, { privately }: { privately: boolean }) {
  const context = privately
    ? await privateContext(browser, { baseURL: shop.baseURL })
    : await browser.newContext({ baseURL: shop.baseURL });
  const page = await context.newPage();
  // The referral visit is recorded once the page's scripts have run, and sent within 2 seconds.
  const visitSent = privately
    ? null
    : page.waitForRequest((request) => request.url().endsWith("/api/events"));
  await page.goto(`/?ref=${referralId}`);
  await visitSent;
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$66, Tasting Collection/ }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await drawer.getByRole("checkbox", { name: /Local delivery in Mountain View/ }).check();
  await expect(drawer.getByText("$66").last()).toBeVisible();
  await drawer.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await fillSandboxForm(page, {
    email: "visitor@example.com",
    name: "Vera Visitor",
    address: false,
  });
  // The purchase is recorded once the confirmation's scripts have run, and sent within 2 seconds,
  // possibly before the page is read below: the wait starts before paying, for what the
  // confirmation page sends. The private visitor's page runs its scripts too, and sends nothing.
  const purchaseSent = privately
    ? null
    : page.waitForRequest(
        (request) =>
          request.url().endsWith("/api/events") &&
          new URL(page.url()).pathname === "/order-confirmation",
      );
  await page.getByRole("button", { name: "Pay $66" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order" }),
  ).toBeVisible();
  const orderNumber = (await page.getByText(/^Order [A-Z0-9]{10}$/).textContent())?.slice(6);
  if (purchaseSent) await purchaseSent;
  else await page.waitForLoadState("networkidle");
  await page.close();
  await context.close();
  return orderNumber ?? "";
}

test("a referred visitor's $66 order raises the revenue, shows in the funnel and in the referral report; a visitor asking not to be tracked is not counted", async ({
  browser,
}) => {
  // Two purchases, an enrolment, the home at two widths with axe, a download and the report.
  test.slow();
  // The owner's own browser asks not to be tracked: the sign-in pages add no session.
  const owner = await (await privateContext(browser)).newPage();
  await enrolInTwoFactor(owner, shop);
  await owner.goto(`${shop.baseURL}/admin?range=today`);
  await expect(owner.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  await expect(owner.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  const salesBefore = await figure(owner, "Total sales").textContent();
  const netBefore = await figure(owner, "Net sales").textContent();
  expect([salesBefore, netBefore]).toEqual(["$0", "$0"]);
  const nothing = { Sessions: 0, "Added to cart": 0, "Started checkout": 0, Paid: 0 };
  expect(await readFunnel(owner)).toEqual(nothing);

  // Global Privacy Control: the visitor buys, and the funnel counts nothing of it.
  await visitAndBuy(browser, { privately: true });
  await expect(async () => {
    await owner.reload();
    await expect(figure(owner, "Total sales")).toHaveText("$66");
  }).toPass();
  expect(await readFunnel(owner)).toEqual(nothing);

  const orderNumber = await visitAndBuy(browser, { privately: false });
  expect(orderNumber).toMatch(/^[A-Z0-9]{10}$/);
  await expect(async () => {
    await owner.reload();
    await expect(figure(owner, "Total sales")).toHaveText("$132");
    expect(await readFunnel(owner)).toEqual({
      Sessions: 1,
      "Added to cart": 1,
      "Started checkout": 1,
      Paid: 1,
    });
  }).toPass();
  await expect(figure(owner, "Net sales")).toHaveText("$132");
  await expect(figure(owner, "Orders")).toHaveText("2");

  // The dashboard on a phone and on a laptop: no violations, and nothing wider than the screen.
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(owner);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }

  // Each table can be downloaded: the referral id's row in its CSV file.
  const download = await owner.request.get(
    `${shop.baseURL}/admin/insight.csv?range=today&table=affiliates`,
  );
  expect(download.headers()["content-type"]).toContain("text/csv");
  expect(await download.text()).toContain(`"${referralId}",2,132.00,0.00,132.00,66.00`);

  // The report: the referral id with its visits and orders, its orders one click away.
  await owner
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(
    owner.getByRole("heading", { level: 1, name: "Referral and influencer report" }),
  ).toBeVisible();
  await owner.getByRole("link", { name: "Today" }).click();
  await expect(owner.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  const referrals = owner.getByRole("table", { name: "Referral ids" });
  await expect(
    referrals.getByRole("row", { name: new RegExp(`^${referralId} 1 2 \\$132 \\$66$`) }),
  ).toBeVisible();
  await referrals.getByRole("link", { name: referralId }).click();
  const orders = owner.getByRole("table", { name: `Orders through referral id ${referralId}` });
  await expect(orders.getByRole("link", { name: orderNumber })).toBeVisible();
  await expectNoAccessibilityViolations(owner);
  await orders.getByRole("link", { name: orderNumber }).click();
  await expect(owner.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
});
