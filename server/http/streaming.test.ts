import { describe, expect, it } from "vitest";
import { deliver, streamsAfterPage } from "./streaming.server";

const request = (destination?: string) =>
  new Request("http://shop.test/account", {
    headers: destination ? { "Sec-Fetch-Dest": destination } : {},
  });

describe("streaming after the page", () => {
  it("streams only to a browser fetching data, never into a whole page", () => {
    expect(streamsAfterPage(request("empty"))).toBe(true);
    expect(streamsAfterPage(request("document"))).toBe(false);
    expect(streamsAfterPage(request())).toBe(false);
  });

  it("hands over the promise, or what it resolved to", async () => {
    const read = Promise.resolve(["an order"]);
    expect((await deliver(request("empty"), read)).value).toBe(read);
    expect((await deliver(request("document"), read)).value).toEqual(["an order"]);
  });
});
