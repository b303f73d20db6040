import { expect, type Locator, type Page } from "@playwright/test";

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
