import { describe, expect, it } from "vitest";
import { take5, welcome10 } from "../test/support/promotions";
import { specCatalog } from "./catalog";
import {
  formatDiscountAmount,
  formatItemPrice,
  formatMoney,
  formatMoneyWithCents,
  formatMonthlyPrice,
} from "./money";

describe("formatMoney", () => {
  it.each([
    [3300, "$33"],
    [3350, "$33.50"],
    [2970, "$29.70"],
    [5, "$0.05"],
    [0, "$0"],
    [123456, "$1,234.56"],
    [99999, "$999.99"],
    [100000, "$1,000"],
    [123456789, "$1,234,567.89"],
    [-123456, "-$1,234.56"],
    [-500, "-$5"],
  ])("%i cents is %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([
    [1000, "$10.00"],
    [6600, "$66.00"],
    [3350, "$33.50"],
    [5, "$0.05"],
    [100000, "$1,000.00"],
    [-500, "-$5.00"],
  ])("%i cents written with its cents is %s", (cents, text) => {
    expect(formatMoneyWithCents(cents)).toBe(text);
  });

  it("adds the spec's suffix per kind of item", () => {
    expect(formatItemPrice(specCatalog.luxe, 3300)).toBe("$33/bottle");
    expect(formatItemPrice(specCatalog.tastingCollection, 6600)).toBe("$66/set");
    expect(formatItemPrice(specCatalog.refinedPalate, 5900)).toBe("$59/m");
  });
});

describe("formatDiscountAmount", () => {
  it("shows a percent or a dollar amount", () => {
    expect(formatDiscountAmount(welcome10)).toBe("10%");
    expect(formatDiscountAmount({ ...take5, amountOffCents: 550 })).toBe("$5.50");
  });
});

describe("formatMonthlyPrice", () => {
  it("is the unit price times the quantity, per month", () => {
    expect(formatMonthlyPrice(4900, 1)).toBe("$49/m");
    expect(formatMonthlyPrice(4900, 2)).toBe("$98/m");
    expect(formatMonthlyPrice(5950, 3)).toBe("$178.50/m");
  });
});
