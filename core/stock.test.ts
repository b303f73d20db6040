import { describe, expect, it } from "vitest";
import {
  bottlesNeeded,
  bottlesOf,
  drawOldestFirst,
  firstShortage,
  harvestText,
  isPastSellBy,
  sellByDate,
  shelfState,
  stockShortage,
  unitsAvailable,
} from "./stock";

describe("bottlesOf", () => {
  it("takes a bottle from its own shelf, a tasting set one of each 375 ml oil, a plan its month", () => {
    expect(bottlesOf("luxe750")).toEqual([{ bottleId: "luxe750", quantity: 1 }]);
    expect(bottlesOf("tastingCollection")).toEqual([
      { bottleId: "premium", quantity: 1 },
      { bottleId: "luxe", quantity: 1 },
      { bottleId: "privateReserve", quantity: 1 },
    ]);
    expect(bottlesOf("refinedPalate")).toEqual([
      { bottleId: "luxe", quantity: 1 },
      { bottleId: "privateReserve", quantity: 1 },
    ]);
  });
});

describe("bottlesNeeded", () => {
  it("adds up what sets, plans and single bottles take from each shelf", () => {
    const needed = bottlesNeeded([
      { itemId: "luxe", quantity: 2 },
      { itemId: "holidayTastingCollection", quantity: 1 },
      { itemId: "everydayLuxury", quantity: 1 },
    ]);
    expect(Object.fromEntries(needed)).toEqual({ luxe: 5, premium: 1, privateReserve: 1 });
  });
});

describe("unitsAvailable and the shortage a cart line is told", () => {
  const sellable = { premium: 4, luxe: 1, privateReserve: 9 };

  it("makes as many sets as the scarcest of their bottles allows", () => {
    expect(unitsAvailable("tastingCollection", sellable)).toBe(1);
    expect(unitsAvailable("trueConnoisseur", sellable)).toBe(4);
    expect(unitsAvailable("premium750", sellable)).toBe(0);
  });

  it("says 'Sold out' with nothing left and 'Only 2 left' when fewer remain than wanted", () => {
    expect(stockShortage(0, 1)).toBe("Sold out");
    expect(stockShortage(2, 3)).toBe("Only 2 left");
    expect(stockShortage(2, 2)).toBeNull();
  });

  it("counts each line's bottles before the next: a set and a bottle sharing the last Luxe", () => {
    expect(
      firstShortage(
        [
          { itemId: "tastingCollection", quantity: 1 },
          { itemId: "luxe", quantity: 1 },
        ],
        sellable,
      ),
    ).toEqual({ itemId: "luxe", message: "Sold out" });
    expect(firstShortage([{ itemId: "premium", quantity: 4 }], sellable)).toBeNull();
  });

  it("lists every item's units for the pages", () => {
    const shelves = shelfState(sellable, { luxe: "2026-11-10" });
    expect(shelves.unitsAvailable.luxe).toBe(1);
    expect(shelves.unitsAvailable.luxe750).toBe(0);
    expect(shelves.harvest).toEqual({ luxe: "2026-11-10" });
  });
});

describe("lot ageing", () => {
  it("sells a lot until 18 months after its harvest", () => {
    expect(sellByDate("2025-11-10")).toBe("2027-05-10");
    expect(isPastSellBy("2025-11-10", "2027-05-09")).toBe(false);
    expect(isPastSellBy("2025-11-10", "2027-05-10")).toBe(true);
  });

  it("names the harvest the product sells", () => {
    expect(harvestText("2026-11-10")).toBe("Harvest of November 2026");
  });
});

describe("drawOldestFirst", () => {
  const lots = [
    { id: 1, harvestDate: "2025-11-10", onHand: 2 },
    { id: 2, harvestDate: "2026-11-10", onHand: 5 },
  ];

  it("empties the oldest lot before opening the next", () => {
    expect(drawOldestFirst(lots, 4)).toEqual({
      draws: [
        { lotId: 1, quantity: 2 },
        { lotId: 2, quantity: 2 },
      ],
      missing: 0,
    });
  });

  it("says how many bottles no lot could give", () => {
    expect(drawOldestFirst(lots, 9).missing).toBe(2);
  });
});
