import { expect, type Locator, type Page } from "@playwright/test";
import { cartCookieName, cartFrom, type StoredCart } from "../../core/cart";

/** The cart icon, whose accessible name carries the count: 'Cart, 2 items'. */
export const cartButton = (page: Page) => page.getByRole("button", { name: /^Cart, \d+ items?$/ });

export const cartDrawer = (page: Page) => page.getByRole("dialog", { name: "Your cart" });

/** A row of the drawer's summary, such as 'Standard shipping' → '$15'. */
/** The cart's summary rows, in the drawer unless `where` names another place (the cart page). */
export async function expectSummary(
  page: Page,
  rows: Record<string, string>,
  where: Locator = cartDrawer(page),
) {
  for (const [label, value] of Object.entries(rows)) {
    const row = where.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(row.locator("dd")).toHaveText(value);
  }
}

export async function closeDrawer(page: Page) {
  await cartDrawer(page).getByRole("button", { name: "Close cart" }).click();
  await expect(cartDrawer(page)).toBeHidden();
}

/**
 * The cart the browser's signed cookie holds (its payload, read without checking the signature,
 * which only the shop can); null when there is no cookie.
 */
export async function savedCart(page: Page): Promise<StoredCart | null> {
  const cookie = (await page.context().cookies()).find(({ name }) => name === cartCookieName);
  if (!cookie) return null;
  const payload = cookie.value.slice(0, cookie.value.lastIndexOf("."));
  return cartFrom(JSON.parse(Buffer.from(payload, "base64url").toString()));
}
