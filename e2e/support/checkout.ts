/**
 * Starting a checkout as a shopper does: the cart is put in its cookie, the page is loaded
 * (with the visit's promotion code, if any), the cart drawer is opened and its checkout button
 * pressed; the browser lands on the provider's hosted page (the sandbox's unless `hostedPage`
 * says where else).
 */
import { expect, type Page } from "@playwright/test";
import type { StoredCart } from "../../core/cart";

export async function startCheckoutFromCart(
  page: Page,
  baseURL: string,
  cart: StoredCart,
  promoCode?: string,
  hostedPage: RegExp = /\/checkout\/sandbox\//,
): Promise<string> {
  const query = promoCode ? `?promoCode=${encodeURIComponent(promoCode)}` : "";
  // The page leaves what it showed first: a thank-you page's scripts empty the cart, and their
  // request must not land after this cart's.
  await page.goto("about:blank");
  // Sent as the page's scripts send it: the answer's signed cookie lands in the browser's jar.
  const saved = await page.request.post(`${baseURL}/api/cart`, { data: cart });
  expect(saved.status()).toBe(204);
  await page.goto(`${baseURL}/our-olive-oils${query}`);
  await page.getByRole("button", { name: /^Cart, [1-9]/ }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await drawer.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(hostedPage);
  return page.url();
}

export interface PaymentDetails {
  email: string;
  name?: string;
  cardNumber?: string;
  /** Fills the address fields unless false (local pickup hides them). */
  address?: boolean;
}

export async function fillSandboxForm(page: Page, details: PaymentDetails) {
  await page.getByLabel("Email").fill(details.email);
  await page.getByLabel("Name").fill(details.name ?? "Ada Lovelace");
  if (details.address !== false) {
    await page.getByLabel("Address line 1").fill("12 Grove Street");
    await page.getByLabel("City").fill("Mountain View");
    await page.getByLabel("State").fill("CA");
    await page.getByLabel("ZIP").fill("94041");
  }
  await page.getByLabel("Card number").fill(details.cardNumber ?? "4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("03/29");
  await page.getByLabel("CVC").fill("123");
}
