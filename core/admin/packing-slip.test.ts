import { describe, expect, it } from "vitest";
import { type PackingSlipOrder, packingSlipOf } from "./packing-slip";

const shipped: PackingSlipOrder = {
  id: "AB12CD34EF",
  createdAt: new Date("2026-11-24T23:30:00Z"),
  firstName: "Grace",
  lastName: "Hopper",
  hasLocalPickup: false,
  shipTo: "Grace B. Hopper",
  address: {
    line1: "12 Grove Street",
    line2: "Apt 4",
    city: "Mountain View",
    state: "CA",
    postalCode: "94041",
    country: "US",
  },
  items: [
    { itemName: "Luxe 375 ml", quantity: 2 },
    { itemName: "Premium 750 ml", quantity: 1 },
  ],
};

describe("a packing slip", () => {
  it("names the order, its day, where it goes and its lines without prices", () => {
    expect(packingSlipOf(shipped)).toEqual({
      orderId: "AB12CD34EF",
      placedAt: new Date("2026-11-24T23:30:00Z"),
      delivery: {
        heading: "Ship to",
        lines: ["Grace B. Hopper", "12 Grove Street, Apt 4", "Mountain View, CA 94041"],
      },
      lines: [
        { name: "Luxe 375 ml", quantity: 2 },
        { name: "Premium 750 ml", quantity: 1 },
      ],
    });
  });

  it("ships to the customer's name when the provider gave none, and leaves out a blank line 2", () => {
    const slip = packingSlipOf({
      ...shipped,
      shipTo: null,
      address: shipped.address && { ...shipped.address, line2: null },
    });
    expect(slip.delivery.lines).toEqual([
      "Grace Hopper",
      "12 Grove Street",
      "Mountain View, CA 94041",
    ]);
    expect(packingSlipOf({ ...shipped, shipTo: "  " }).delivery.lines[0]).toBe("Grace Hopper");
  });

  it("holds a local pickup for the customer in Mountain View, whatever address is known", () => {
    expect(packingSlipOf({ ...shipped, hasLocalPickup: true }).delivery).toEqual({
      heading: "Hold for pickup",
      lines: ["Grace B. Hopper", "Local pickup in Mountain View"],
    });
  });

  it("says so when a shipped order has no address", () => {
    expect(packingSlipOf({ ...shipped, address: null }).delivery).toEqual({
      heading: "Ship to",
      lines: ["Grace B. Hopper", "No address was given"],
    });
  });
});
