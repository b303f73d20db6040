import { describe, expect, it } from "vitest";
import { canTakeStep, fulfilmentMessages, nextSteps, parseShipment } from "./fulfilment";

describe("fulfilment steps", () => {
  it("offers shipping steps for shipped orders and pickup steps for pickup orders", () => {
    expect(nextSteps({ status: "new", hasLocalPickup: false })).toEqual(["processing", "shipped"]);
    expect(nextSteps({ status: "processing", hasLocalPickup: true })).toEqual(["readyForPickup"]);
    expect(nextSteps({ status: "shipped", hasLocalPickup: false })).toEqual(["delivered"]);
    expect(nextSteps({ status: "ready_for_pickup", hasLocalPickup: true })).toEqual(["pickedUp"]);
  });

  it("refuses a step from a status it does not follow", () => {
    expect(canTakeStep("shipped", { status: "refunded", hasLocalPickup: false })).toBe(false);
    expect(canTakeStep("shipped", { status: "new", hasLocalPickup: true })).toBe(false);
    expect(canTakeStep("delivered", { status: "processing", hasLocalPickup: false })).toBe(false);
    expect(nextSteps({ status: "cancelled", hasLocalPickup: false })).toEqual([]);
    expect(nextSteps({ status: "delivered", hasLocalPickup: false })).toEqual([]);
  });
});

describe("parseShipment", () => {
  it("derives the tracking page from the carrier", () => {
    expect(parseShipment({ carrier: "UPS", trackingNumber: " 1Z999AA10123456784 " })).toEqual({
      ok: true,
      shipment: {
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
        trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      },
    });
    const usps = parseShipment({ carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 00" });
    expect(usps.ok && usps.shipment.trackingUrl).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000%200000%200000%2000",
    );
  });

  it("takes a typed https address for another carrier, and refuses anything else", () => {
    expect(
      parseShipment({
        carrier: "Other",
        trackingNumber: "AB-1234",
        trackingUrl: "https://track.example.com/AB-1234",
      }),
    ).toMatchObject({ ok: true, shipment: { trackingUrl: "https://track.example.com/AB-1234" } });
    for (const trackingUrl of ["javascript:alert(1)", "http://track.example.com", "", undefined]) {
      expect(parseShipment({ carrier: "Other", trackingNumber: "AB-1234", trackingUrl })).toEqual({
        ok: false,
        fieldErrors: { trackingUrl: fulfilmentMessages.trackingUrl },
      });
    }
    expect(parseShipment({ carrier: "Pigeon", trackingNumber: "AB-1234" })).toMatchObject({
      fieldErrors: { carrier: fulfilmentMessages.carrier },
    });
    for (const trackingNumber of ["", "ab", "<script>", "1Z 999 "]) {
      expect(parseShipment({ carrier: "UPS", trackingNumber })).toMatchObject({
        ok: trackingNumber === "1Z 999 ",
      });
    }
  });
});
