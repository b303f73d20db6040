import { describe, expect, it } from "vitest";
import { deliver, streamsAfterPage } from "./streaming.server";

const page = new Request("http://shop.test/account?tab=orders");
const data = new Request("http://shop.test/account.data?tab=orders");

describe("streaming after the page", () => {
  it("streams only into React Router's data requests, never into a whole page", () => {
    expect(streamsAfterPage(data)).toBe(true);
    expect(streamsAfterPage(page)).toBe(false);
    expect(streamsAfterPage(new Request("http://shop.test/academy/recipes.data"))).toBe(true);
  });

  it("hands over the promise, or what it resolved to", async () => {
    const read = Promise.resolve(["an order"]);
    expect((await deliver(data, read)).value).toBe(read);
    expect((await deliver(page, read)).value).toEqual(["an order"]);
  });
});
