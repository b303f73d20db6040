import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckout, paidSession, testShop } from "../../test/support/checkout";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, startBuiltShop } from "../../test/support/shop";
import { fulfilCheckout } from "../orders/fulfil.server";

const token = "a-metrics-token-of-some-length";

describe.each(testEngines)("/metrics on %s", (engine) => {
  let shop: RunningTestShop;
  const scrape = (authorization?: string) =>
    fetch(`${shop.url}/metrics`, {
      headers: authorization ? { Authorization: authorization } : {},
    });

  beforeAll(async () => {
    shop = await startBuiltShop(engine, { METRICS_TOKEN: token });
  });
  afterAll(() => shop.stop());

  it("answers only the bearer of the token", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-token-at-all-no")).status).toBe(401);
    const answer = await scrape(`Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(await answer.text()).toContain("shop_process_resident_memory_bytes");
  });

  it("times requests by route pattern, and counts orders from the database", async () => {
    await fetch(`${shop.url}/academy/recipes/summer-tomato-bread`);
    const checkout = testShop(shop.database.db);
    const sessionId = await openCheckout(checkout, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    await fulfilCheckout(checkout, {
      id: "evt_metrics",
      session: await paidSession(shop.database.db, sessionId),
    });
    const text = await (await scrape(`Bearer ${token}`)).text();
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="\/academy\/recipes\/:recipeSlug",status="200"\} 1/,
    );
    expect(text).toMatch(/shop_orders\{kind="purchase"\} 1/);
    expect(text).toMatch(/shop_payment_events\{type="checkout.completed"\} 1/);
    // The customer's confirmation, and the new order's e-mail to the demo shop's owner.
    expect(text).toMatch(/shop_outbox_messages\{status="\w+"\} 2/);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  let shop: RunningTestShop;
  beforeAll(async () => {
    shop = await startBuiltShop("pglite");
  });
  afterAll(() => shop.stop());

  it("does not exist", async () => {
    const answer = await fetch(`${shop.url}/metrics`, {
      headers: { Authorization: "Bearer anything-at-all-here" },
    });
    expect(answer.status).toBe(404);
  });
});
