import { describe, expect, it } from "vitest";
import {
  cardBrand,
  cardMessages,
  cardValidators,
  formatCardExpiry,
  isExpired,
  parseExpiry,
  passesLuhn,
} from "./card";

describe("card numbers", () => {
  it.each([
    ["4242424242424242", true],
    ["4000000000000002", true],
    ["4242424242424241", false],
    ["378282246310005", true],
    ["42424242a4242424", false],
    ["", false],
  ])("Luhn(%s) is %s", (digits, valid) => {
    expect(passesLuhn(digits)).toBe(valid);
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3056930009020004", "unknown"],
  ] as const)("%s is a %s card", (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it("accepts spaces and dashes, and refuses short or failing numbers", () => {
    expect(cardValidators.number("4242 4242-4242 4242")).toBeNull();
    expect(cardValidators.number("4242 4242 4242 4241")).toBe(cardMessages.number);
    expect(cardValidators.number("4242")).toBe(cardMessages.number);
  });
});

describe("expiry", () => {
  const now = new Date("2026-11-22T10:00:00Z");

  it("reads MM/YY, M/YY and MM/YYYY", () => {
    expect(parseExpiry("03/29")).toEqual({ month: 3, year: 2029 });
    expect(parseExpiry("3 / 29")).toEqual({ month: 3, year: 2029 });
    expect(parseExpiry("12/2030")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("13/29")).toBeNull();
    expect(parseExpiry("0329")).toBeNull();
  });

  it("prints a saved card's expiry as MM/YY", () => {
    expect(formatCardExpiry(3, 2029)).toBe("03/29");
    expect(formatCardExpiry(12, 2030)).toBe("12/30");
    expect(formatCardExpiry(1, 2105)).toBe("01/05");
  });

  it("keeps a card valid through its expiry month", () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(cardValidators.expiry("11/26", now)).toBeNull();
    expect(cardValidators.expiry("10/26", now)).toBe(cardMessages.expiry);
  });

  it("wants a 3 or 4 digit CVC", () => {
    expect(cardValidators.cvc("123")).toBeNull();
    expect(cardValidators.cvc("1234")).toBeNull();
    expect(cardValidators.cvc("12")).toBe(cardMessages.cvc);
    expect(cardValidators.cvc("12a")).toBe(cardMessages.cvc);
  });
});
