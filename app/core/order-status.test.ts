import { describe, expect, it } from "vitest";
import { orderStatusLabels, trackingLink } from "./order-status";

describe("order status", () => {
  it("names every status the shop owner can set", () => {
    expect(orderStatusLabels.return_requested).toBe("Return requested");
    expect(orderStatusLabels.new).toBe("New");
  });

  it("links tracking only to web addresses", () => {
    expect(trackingLink("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400",
    );
    expect(trackingLink("http://carrier.example/track/1")).toBe("http://carrier.example/track/1");
    expect(trackingLink("javascript:alert(1)")).toBeNull();
    expect(trackingLink("not a url")).toBeNull();
    expect(trackingLink(null)).toBeNull();
  });
});
