import { expectNoAccessibilityViolations } from "./support/axe";
import { expect, test } from "./support/test";

declare global {
  interface Window {
    appLinkClicks?: number;
  }
}

test("/recipes-redirect shows the Instagram logo and where it is taking the visitor", async ({
  page,
}) => {
  // The page leaves on a timer; a 204 answer keeps it in place while it is read.
  await page.route("https://www.instagram.com/**", (route) => route.fulfill({ status: 204 }));
  await page.goto("/recipes-redirect");
  await expect(page).toHaveTitle("Troia Grove | Recipes on Instagram");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Taking you to our recipes on Instagram",
  );
  await expect(page.locator("section svg").first()).toBeVisible();
  await expect(page.getByText("You are being redirected to @troiagrove")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue on the web" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/troiagrove/",
  );
  await expectNoAccessibilityViolations(page);
});

test("/recipes-redirect opens the Instagram app after 2 s and the web profile after 7 s", async ({
  page,
}) => {
  await page.route("https://www.instagram.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Instagram</title>" }),
  );
  const start = new Date("2026-11-01T10:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto("/recipes-redirect");
  // The status appears once the page is interactive, when both timers are set.
  await expect(page.getByRole("status")).toHaveText("Opening Instagram…");

  const appLink = page.getByRole("link", { name: "Open the Instagram app" });
  await expect(appLink).toHaveAttribute("href", "instagram://user?username=troiagrove");
  await appLink.evaluate((link) => {
    window.appLinkClicks = 0;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      window.appLinkClicks = (window.appLinkClicks ?? 0) + 1;
    });
  });

  await page.clock.runFor(1999);
  expect(await page.evaluate(() => window.appLinkClicks)).toBe(0);
  await page.clock.runFor(1);
  expect(await page.evaluate(() => window.appLinkClicks)).toBe(1);

  await page.clock.runFor(4999);
  expect(page.url()).toMatch(/\/recipes-redirect$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL("https://www.instagram.com/troiagrove/");
});
