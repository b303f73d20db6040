import { describe, expect, it } from "vitest";
import { maxOrdersAtOnce, orderNumbersMessages, readOrderNumbers } from "./order-numbers";

const numbers = (count: number) => Array.from({ length: count }, (_, index) => `ORDER${index}`);

describe("reading the order numbers a request names", () => {
  it("upper-cases them and keeps each once, in the order given", () => {
    expect(readOrderNumbers(["ab12", " CD34 ", "AB12"])).toEqual({
      ok: true,
      orderIds: ["AB12", "CD34"],
      unreadable: [],
    });
  });

  it("sets apart what cannot be an order number, cut to a number's length", () => {
    expect(readOrderNumbers(["AB12", "<b>x</b>", "A-1", "Z".repeat(40), new Blob()])).toEqual({
      ok: true,
      orderIds: ["AB12"],
      unreadable: ["<b>x</b>", "A-1", "Z".repeat(32), "(a file)"],
    });
  });

  it("refuses none at all, blank values included", () => {
    for (const given of [[], [""], ["  "]]) {
      expect(readOrderNumbers(given)).toEqual({ ok: false, error: orderNumbersMessages.none });
    }
  });

  it(`takes ${maxOrdersAtOnce} different numbers and refuses one more`, () => {
    expect(readOrderNumbers(numbers(maxOrdersAtOnce))).toMatchObject({ ok: true });
    expect(readOrderNumbers([...numbers(maxOrdersAtOnce), "one-more"])).toEqual({
      ok: false,
      error: orderNumbersMessages.tooMany,
    });
  });

  it("counts a repeated number once towards the limit", () => {
    const repeated = [...numbers(maxOrdersAtOnce), ...numbers(maxOrdersAtOnce)];
    expect(readOrderNumbers(repeated)).toMatchObject({ ok: true });
  });
});
