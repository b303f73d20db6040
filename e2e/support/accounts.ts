import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A shopper no other test uses. */
export function newShopper(firstName = "Ada"): Shopper {
  const id = randomBytes(5).toString("hex");
  return {
    firstName,
    lastName: "Lovelace",
    email: `${firstName.toLowerCase()}-${id}@example.com`,
    password: "olive-grove-7",
  };
}

export async function registerThroughPage(page: Page, shopper: Shopper) {
  await page.goto("/register");
  await page.getByLabel("First name").fill(shopper.firstName);
  await page.getByLabel("Last name").fill(shopper.lastName);
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

export async function logOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
}

/** Fills the open sign-in modal and submits it. */
export async function signInThroughModal(page: Page, email: string, password: string) {
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password").fill(password);
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
}
