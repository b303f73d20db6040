import { expectNoAccessibilityViolations } from "./support/axe";
import {
  cartButton,
  cartDrawer,
  closeDrawer,
  expectSummary,
  savedCart,
} from "./support/storefront";
import { expect, type Page, test } from "./support/test";

test("each kind of item goes into the cart: badge, drawer and totals follow", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  await expect(cartDrawer(page)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
  await expectSummary(page, { Subtotal: "$33", "Standard shipping": "$15", Total: "$48" });
  await expectNoAccessibilityViolations(page);
  await closeDrawer(page);

  await page.getByRole("button", { name: /^Add to cart - \$66/ }).click();
  await expect(cartDrawer(page).getByText("3 × 375 ml")).toBeVisible();
  await expectSummary(page, { Subtotal: "$99", Total: "$114" });
  await closeDrawer(page);

  await page.goto("/holiday-collection");
  await page
    .getByRole("button", { name: /^Buy Now \$49/ })
    .first()
    .click();
  await expect(
    cartDrawer(page).getByText("Holiday Tasting Collection", { exact: true }),
  ).toBeVisible();
  await expectSummary(page, { Subtotal: "$148", "Free shipping": "$0", Total: "$148" });
  await closeDrawer(page);

  await page.goto("/become-a-member");
  await page.getByRole("button", { name: /^Join today.*Refined Palate/ }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 4 items");
  await expect(cartDrawer(page).getByText("2 × 375 ml monthly")).toBeVisible();
  await expectSummary(page, { Subtotal: "$207", "Free shipping": "$0", Total: "$207" });
});

test("a membership makes shipping free; removing it brings the $15 back", async ({ page }) => {
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$24/ }).click();
  await expectSummary(page, { "Standard shipping": "$15", Total: "$39" });
  await closeDrawer(page);
  await page.goto("/become-a-member");
  await page.getByRole("button", { name: /^Join today.*Everyday Luxury/ }).click();
  await expectSummary(page, { "Free shipping": "$0", Total: "$73" });
  await cartDrawer(page).getByRole("button", { name: "Remove one Everyday Luxury" }).click();
  await expectSummary(page, { "Standard shipping": "$15", Total: "$39" });
});

test("local delivery takes the shipping off and is remembered", async ({ page }) => {
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$40/ }).click();
  await expectSummary(page, { "Standard shipping": "$15", Total: "$55" });
  const localDelivery = cartDrawer(page).getByRole("checkbox", { name: /Local delivery/ });
  await localDelivery.check();
  await expectSummary(page, { "Free shipping": "$0", Total: "$40" });
  await expect
    .poll(() => savedCart(page))
    .toEqual({ counts: { privateReserve: 1 }, localPickup: true });
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
  await cartButton(page).click();
  await expect(cartDrawer(page).getByRole("checkbox", { name: /Local delivery/ })).toBeChecked();
  await expectSummary(page, { Total: "$40" });
});

test("goods from $100 ship free", async ({ page }) => {
  await page.goto("/our-olive-oils");
  const privateReserve = page.getByRole("button", { name: /^Add to cart - \$40/ });
  await privateReserve.click();
  const addOne = cartDrawer(page).getByRole("button", { name: "Add one Private Reserve, 375 ml" });
  await addOne.click();
  await expectSummary(page, { Subtotal: "$80", "Standard shipping": "$15", Total: "$95" });
  await addOne.click();
  await expectSummary(page, { Subtotal: "$120", "Free shipping": "$0", Total: "$120" });
});

declare global {
  interface Window {
    drawerStates?: { state: string; at: number }[];
  }
}

/** Records the drawer panel's state now and each one it goes to ('gone' once it is removed). */
function recordDrawerStates(page: Page) {
  return page.evaluate(() => {
    const states: { state: string; at: number }[] = [];
    window.drawerStates = states;
    const record = () => {
      const state = document.querySelector("[data-state]")?.getAttribute("data-state") ?? "gone";
      if (states.at(-1)?.state !== state) states.push({ state, at: performance.now() });
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributeFilter: ["data-state"],
    });
  });
}

test("+ and − change a line, and the drawer closes by itself at zero", async ({ page }) => {
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  const drawer = cartDrawer(page);
  await drawer.getByRole("button", { name: "Add one Luxe, 375 ml" }).click();
  await expect(drawer.getByText("Quantity of Luxe, 375 ml: 2")).toBeAttached();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await drawer.getByRole("button", { name: "Remove one Luxe, 375 ml" }).click();
  await recordDrawerStates(page);
  await drawer.getByRole("button", { name: "Remove one Luxe, 375 ml" }).click();
  await expect(drawer).toBeHidden();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
  // Flagged closed (sliding out) for 500 ms, then gone.
  const states = await page.evaluate(() => window.drawerStates ?? []);
  expect(states.map(({ state }) => state)).toEqual(["shown", "closed", "gone"]);
  const [, closed, gone] = states;
  expect((gone?.at ?? 0) - (closed?.at ?? 0)).toBeGreaterThanOrEqual(500);
});

test("the drawer closes with Escape and gives focus back", async ({ page }) => {
  await page.goto("/our-olive-oils");
  const add = page.getByRole("button", { name: /^Add to cart - \$24/ });
  await add.click();
  await expect(cartDrawer(page).getByRole("button", { name: "Close cart" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(cartDrawer(page)).toBeHidden();
  await expect(add).toBeFocused();
  await cartButton(page).click();
  await expect(cartDrawer(page)).toBeVisible();
});

test("the cart survives a reload and a navigation, and follows other tabs", async ({
  page,
  context,
}) => {
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  await closeDrawer(page);
  await expect.poll(() => savedCart(page)).toEqual({ counts: { luxe: 1 }, localPickup: false });
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
  await page.getByRole("link", { name: "Our Story" }).first().click();
  await expect(page).toHaveURL(/\/our-story$/);
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");

  const other = await context.newPage();
  await other.goto("/our-story");
  await expect(cartButton(other)).toHaveAccessibleName("Cart, 1 item");
  await other.getByRole("button", { name: /^Add to cart.*Tasting Collection/ }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await cartButton(page).click();
  await cartDrawer(page).getByRole("button", { name: "Remove one Luxe, 375 ml" }).click();
  await expect(cartButton(other)).toHaveAccessibleName("Cart, 1 item");
  await expect
    .poll(() => savedCart(page))
    .toEqual({ counts: { tastingCollection: 1 }, localPickup: false });
});

test("the cart lives in an httpOnly cookie the shop signs; a forged one is an empty cart", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$24/ }).click();
  await expect.poll(() => savedCart(page)).toEqual({ counts: { premium: 1 }, localPickup: false });
  const [cookie] = (await context.cookies()).filter(({ name }) => name === "cart");
  expect(cookie?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain("cart=");

  const forged = Buffer.from(JSON.stringify({ counts: { luxe: 9 }, localPickup: false }));
  const signature = cookie?.value.split(".").at(-1) ?? "";
  await context.addCookies([
    { name: "cart", value: `${forged.toString("base64url")}.${signature}`, url: baseURL },
  ]);
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
});

/** Puts `raw` where an older version kept the cart, before the page's own scripts run, on its first load only. */
function keepInOlderStorage(page: Page, raw: string) {
  return page.addInitScript((value) => {
    if (sessionStorage.getItem("older cart")) return;
    sessionStorage.setItem("older cart", "written");
    localStorage.setItem("troia-grove.cart", value);
  }, raw);
}

test("a cart an older version kept in browser storage is carried over once, cleaned", async ({
  page,
}) => {
  await keepInOlderStorage(
    page,
    JSON.stringify({
      counts: { luxe: 2, caviar: 5, premium: -1, privateReserve: 1.5, tastingCollection: "9" },
      localPickup: "yes",
    }),
  );
  await page.goto("/");
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await cartButton(page).click();
  await expectSummary(page, { Subtotal: "$66", "Standard shipping": "$15" });
  expect(await page.evaluate(() => localStorage.getItem("troia-grove.cart"))).toBeNull();
  await expect.poll(() => savedCart(page)).toEqual({ counts: { luxe: 2 }, localPickup: false });

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
});

test("unreadable browser storage of an older version is removed and adds nothing", async ({
  page,
}) => {
  await keepInOlderStorage(page, "{not json");
  await page.goto("/");
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
  expect(await page.evaluate(() => localStorage.getItem("troia-grove.cart"))).toBeNull();
});

test("an 'Add to cart' tapped before the page's code has run posts the form, and the code goes on with the same cart", async ({
  page,
}) => {
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  // The page's own goto would wait for the held scripts.
  await page.mainFrame().goto("/our-olive-oils", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart", level: 1 })).toBeVisible();
  await expect(page.getByText("Quantity of Luxe, 375 ml: 1")).toBeAttached();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
  releaseScripts();
  await page.waitForLoadState("networkidle");

  await page.getByRole("link", { name: "Our Olive Oils" }).first().click();
  await expect(page).toHaveURL(/\/our-olive-oils$/);
  await page.getByRole("button", { name: /^Add to cart - \$40/ }).click();
  await expect(cartDrawer(page)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await expect
    .poll(() => savedCart(page))
    .toEqual({ counts: { luxe: 1, privateReserve: 1 }, localPickup: false });
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
});

test("once the page's first scripts have run, the drawer needs no more code: a tap opens it even when no other script can be fetched", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/our-olive-oils")).text();
  const firstScripts = new Set(html.match(/\/assets\/[\w.-]+\.js/g));
  expect(firstScripts.size).toBeGreaterThan(0);
  await page.route(/\/assets\/.+\.js$/, (route) =>
    firstScripts.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
  );
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$33/ }).click();
  await expect(cartDrawer(page)).toBeVisible();
  await expect(cartDrawer(page).getByText("Luxe", { exact: true })).toBeVisible();
});

test("without JavaScript the cart still works: add, more, fewer, on the cart page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/our-olive-oils");
  await page.getByRole("button", { name: /^Add to cart - \$40/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Quantity of Private Reserve, 375 ml: 1")).toBeAttached();
  await page.getByRole("button", { name: "Add one Private Reserve, 375 ml" }).click();
  await expect(page.getByText("Quantity of Private Reserve, 375 ml: 2")).toBeAttached();
  await expectSummary(
    page,
    { Subtotal: "$80", "Standard shipping": "$15", Total: "$95" },
    page.getByRole("main"),
  );
  await page.goto("/our-story");
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await page.goto("/cart");
  await page.getByRole("button", { name: "Remove one Private Reserve, 375 ml" }).click();
  await page.getByRole("button", { name: "Remove one Private Reserve, 375 ml" }).click();
  await expect(
    page.getByText("You don't have any items in your cart yet. Add your first item."),
  ).toBeVisible();
  expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: "cart" }));
  await context.close();
});
