import { describe, expect, it } from "vitest";
import {
  fulfilmentStatuses,
  fulfilmentStatusLabels,
  isFulfilmentStatus,
  isPaymentStatus,
  paymentStatuses,
  paymentStatusLabels,
  statusesInWords,
  trackingLink,
} from "./order-status";

describe("order statuses", () => {
  it("lists the payment statuses with their words, in their order", () => {
    expect(paymentStatuses).toEqual(["paid", "partially_refunded", "refunded"]);
    expect(paymentStatuses.map((status) => paymentStatusLabels[status])).toEqual([
      "Paid",
      "Partially refunded",
      "Refunded",
    ]);
  });

  it("lists the fulfilment statuses with their words, in the order an order passes them", () => {
    expect(fulfilmentStatuses.map((status) => fulfilmentStatusLabels[status])).toEqual([
      "Unfulfilled",
      "Processing",
      "Shipped",
      "Delivered",
      "Ready for pickup",
      "Picked up",
      "Return requested",
      "Returned",
      "Cancelled",
    ]);
  });

  it("spells every value in snake case, each state once across both lists", () => {
    const values = [...paymentStatuses, ...fulfilmentStatuses];
    for (const value of values) expect(value).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(values).size).toBe(values.length);
  });

  it("tells a value of each list from anything else", () => {
    expect(isPaymentStatus("partially_refunded")).toBe(true);
    expect(isPaymentStatus("shipped")).toBe(false);
    expect(isFulfilmentStatus("ready_for_pickup")).toBe(true);
    expect(isFulfilmentStatus("readyForPickup")).toBe(false);
    expect(isFulfilmentStatus("toString")).toBe(false);
    expect(isPaymentStatus(undefined)).toBe(false);
  });

  it("says both statuses in words, a paid order by its fulfilment alone", () => {
    expect(statusesInWords({ fulfilmentStatus: "shipped", paymentStatus: "paid" })).toBe("shipped");
    expect(
      statusesInWords({ fulfilmentStatus: "delivered", paymentStatus: "partially_refunded" }),
    ).toBe("delivered and partially refunded");
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
