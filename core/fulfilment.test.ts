import { describe, expect, it } from "vitest";
import {
  canTakeStep,
  type FulfilmentFacts,
  fulfilmentMessages,
  fulfilmentSteps,
  isFulfilmentStep,
  nextSteps,
  parseShipment,
} from "./fulfilment";
import { type FulfilmentStatus, isFulfilmentStatus, type PaymentStatus } from "./order-status";

const shipped = (
  fulfilmentStatus: FulfilmentStatus,
  paymentStatus: PaymentStatus = "paid",
): FulfilmentFacts => ({ fulfilmentStatus, paymentStatus, hasLocalPickup: false });
const pickedUp = (fulfilmentStatus: FulfilmentStatus, paymentStatus: PaymentStatus = "paid") => ({
  ...shipped(fulfilmentStatus, paymentStatus),
  hasLocalPickup: true,
});

describe("fulfilment steps", () => {
  it("names each step by the fulfilment status it leads to", () => {
    for (const step of Object.keys(fulfilmentSteps)) expect(isFulfilmentStatus(step)).toBe(true);
    expect(isFulfilmentStep("ready_for_pickup")).toBe(true);
    expect(isFulfilmentStep("readyForPickup")).toBe(false);
    expect(isFulfilmentStep("cancelled")).toBe(false);
  });

  it("offers shipping steps for shipped orders and pickup steps for pickup orders", () => {
    expect(nextSteps(shipped("unfulfilled"))).toEqual(["processing", "shipped"]);
    expect(nextSteps(pickedUp("unfulfilled"))).toEqual(["processing", "ready_for_pickup"]);
    expect(nextSteps(pickedUp("processing"))).toEqual(["ready_for_pickup"]);
    expect(nextSteps(shipped("shipped"))).toEqual(["delivered"]);
    expect(nextSteps(pickedUp("ready_for_pickup"))).toEqual(["picked_up"]);
  });

  it("refuses a step from a status it does not follow", () => {
    expect(canTakeStep("shipped", pickedUp("unfulfilled"))).toBe(false);
    expect(canTakeStep("delivered", shipped("processing"))).toBe(false);
    expect(canTakeStep("processing", shipped("processing"))).toBe(false);
    for (const status of ["delivered", "picked_up", "return_requested", "returned", "cancelled"]) {
      expect(nextSteps(shipped(status as FulfilmentStatus)), status).toEqual([]);
      expect(nextSteps(pickedUp(status as FulfilmentStatus)), status).toEqual([]);
    }
  });

  it("goes on from where the goods stand after a partial refund", () => {
    expect(nextSteps(shipped("unfulfilled", "partially_refunded"))).toEqual([
      "processing",
      "shipped",
    ]);
    expect(nextSteps(shipped("shipped", "partially_refunded"))).toEqual(["delivered"]);
    expect(nextSteps(pickedUp("ready_for_pickup", "partially_refunded"))).toEqual(["picked_up"]);
  });

  it("takes no step for an order refunded in full", () => {
    expect(canTakeStep("shipped", shipped("unfulfilled", "refunded"))).toBe(false);
    expect(nextSteps(shipped("processing", "refunded"))).toEqual([]);
    expect(nextSteps(shipped("shipped", "refunded"))).toEqual([]);
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
