import { describe, expect, it } from "vitest";
import {
  specCatalog as catalog,
  fullName,
  isItemId,
  isMembershipId,
  itemIds,
  sizeText,
} from "./catalog";

describe("catalog", () => {
  it("holds the spec's 11 items with their prices in cents", () => {
    expect(Object.fromEntries(itemIds.map((id) => [id, catalog[id].priceCents]))).toEqual({
      premium: 2400,
      luxe: 3300,
      privateReserve: 4000,
      premium750: 2900,
      luxe750: 3400,
      privateReserve750: 4000,
      tastingCollection: 6600,
      holidayTastingCollection: 4900,
      everydayLuxury: 4900,
      refinedPalate: 5900,
      trueConnoisseur: 6900,
    });
  });

  it("lets percent promotions discount only premium, luxe, privateReserve and tastingCollection", () => {
    expect(itemIds.filter((id) => catalog[id].discountEligible)).toEqual([
      "premium",
      "luxe",
      "privateReserve",
      "tastingCollection",
    ]);
  });

  it("gives every item a card description and an illustration", () => {
    for (const id of itemIds) {
      expect(catalog[id].description.length).toBeGreaterThan(20);
      expect(catalog[id].image).toMatch(/^\/images\/bottles\/.+\.svg$/);
    }
  });

  it.each([
    ["luxe", "375 ml"],
    ["privateReserve750", "750 ml"],
    ["tastingCollection", "3 × 375 ml"],
    ["refinedPalate", "2 × 375 ml monthly"],
  ] as const)("sizes %s as %s", (id, text) => {
    expect(sizeText(catalog[id])).toBe(text);
  });

  it("tells bottles of two sizes apart by name", () => {
    expect(fullName(catalog.luxe)).toBe("Luxe, 375 ml");
    expect(fullName(catalog.luxe750)).toBe("Luxe, 750 ml");
    expect(fullName(catalog.tastingCollection)).toBe("Tasting Collection");
  });

  it("recognises item and membership ids, and nothing inherited", () => {
    expect(isItemId("premium750")).toBe(true);
    expect(isItemId("toString")).toBe(false);
    expect(isItemId(3)).toBe(false);
    expect(isMembershipId("trueConnoisseur")).toBe(true);
    expect(isMembershipId("luxe")).toBe(false);
  });
});
