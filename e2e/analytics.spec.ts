import { type ShopServer, startShop } from "./support/shop-server";
import { expect, test } from "./support/test";

// A shop of its own: the rate limit counts per client address, and every other journey's
// browser sends events from the same address.
let shop: ShopServer;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.stop();
});
// Its journeys run in order in one worker, which starts the shop once.
test.describe.configure({ mode: "default" });

const pageView = { category: "engagement", name: "page_view", path: "/academy" };

test("/api/events stores a valid batch and refuses malformed and oversize ones", async ({
  request,
}) => {
  const post = (data: unknown) =>
    request.post(`${shop.baseURL}/api/events`, {
      data: typeof data === "string" ? data : JSON.stringify(data),
      headers: { "Content-Type": "application/json" },
    });
  expect((await post({ events: [pageView] })).status()).toBe(204);
  expect((await post("{not json")).status()).toBe(400);
  expect((await post({ events: [{ ...pageView, category: "tracking" }] })).status()).toBe(400);
  expect((await post({ events: Array.from({ length: 21 }, () => pageView) })).status()).toBe(413);
  expect((await post({ events: [{ ...pageView, label: "x".repeat(20_000) }] })).status()).toBe(413);
  expect((await request.get(`${shop.baseURL}/api/events`)).status()).toBe(405);
});

test("the browser sends a page view for the first page and each navigation", async ({ page }) => {
  // The client sends its queue two seconds after the first event; the poll below waits for it.
  const batches: unknown[] = [];
  await page.route("**/api/events", async (route) => {
    batches.push(route.request().postDataJSON());
    await route.fulfill({ status: 204 });
  });
  await page.goto(`${shop.baseURL}/academy`);
  await page.getByRole("link", { name: "Or, jump to recipes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recipes" })).toBeVisible();
  await expect
    .poll(() =>
      batches.flatMap((batch) =>
        (batch as { events: Array<{ name: string; path: string }> }).events
          .filter((event) => event.name === "page_view")
          .map((event) => event.path),
      ),
    )
    .toEqual(["/academy", "/academy/recipes"]);
});
