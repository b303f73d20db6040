import { describe, expect, it } from "vitest";
import {
  canTakeStep,
  type FulfilmentFacts,
  fulfilmentMessages,
  fulfilmentStage,
  nextSteps,
  parseShipment,
} from "./fulfilment";
import type { OrderStatus } from "./order-status";

const shipped = (status: OrderStatus, more: Partial<FulfilmentFacts> = {}): FulfilmentFacts => ({
  status,
  hasLocalPickup: false,
  carrier: null,
  deliveredAt: null,
  ...more,
});
const pickedUp = (status: OrderStatus) => shipped(status, { hasLocalPickup: true });

describe("fulfilment steps", () => {
  it("offers shipping steps for shipped orders and pickup steps for pickup orders", () => {
    expect(nextSteps(shipped("new"))).toEqual(["processing", "shipped"]);
    expect(nextSteps(pickedUp("processing"))).toEqual(["readyForPickup"]);
    expect(nextSteps(shipped("shipped"))).toEqual(["delivered"]);
    expect(nextSteps(pickedUp("ready_for_pickup"))).toEqual(["pickedUp"]);
  });

  it("refuses a step from a status it does not follow", () => {
    expect(canTakeStep("shipped", shipped("refunded"))).toBe(false);
    expect(canTakeStep("shipped", pickedUp("new"))).toBe(false);
    expect(canTakeStep("delivered", shipped("processing"))).toBe(false);
    expect(nextSteps(shipped("cancelled"))).toEqual([]);
    expect(nextSteps(shipped("delivered"))).toEqual([]);
    expect(nextSteps(shipped("return_requested"))).toEqual([]);
  });

  it("goes on from where the parcel stands after a partial refund", () => {
    expect(nextSteps(shipped("partially_refunded"))).toEqual(["shipped"]);
    expect(nextSteps(shipped("partially_refunded", { carrier: "UPS" }))).toEqual(["delivered"]);
    const delivered = { carrier: "UPS", deliveredAt: new Date("2026-11-20T10:00:00Z") };
    expect(nextSteps(shipped("partially_refunded", delivered))).toEqual([]);
    expect(fulfilmentStage(shipped("partially_refunded", delivered))).toBe("delivered");
    expect(nextSteps(pickedUp("partially_refunded"))).toEqual(["readyForPickup"]);
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
