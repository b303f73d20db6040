import { describe, expect, it } from "vitest";
import { oneMonthAfter } from "./billing-date.server";

describe("one month after", () => {
  it("keeps the day and the time", () => {
    expect(oneMonthAfter(new Date("2026-03-14T09:30:00Z")).toISOString()).toBe(
      "2026-04-14T09:30:00.000Z",
    );
  });

  it("moves the 31st to the last day of a shorter month, leap years included", () => {
    expect(oneMonthAfter(new Date("2026-01-31T12:00:00Z")).toISOString()).toBe(
      "2026-02-28T12:00:00.000Z",
    );
    expect(oneMonthAfter(new Date("2028-01-31T12:00:00Z")).toISOString()).toBe(
      "2028-02-29T12:00:00.000Z",
    );
    expect(oneMonthAfter(new Date("2026-08-31T00:00:00Z")).toISOString()).toBe(
      "2026-09-30T00:00:00.000Z",
    );
  });

  it("crosses the year", () => {
    expect(oneMonthAfter(new Date("2026-12-15T00:00:00Z")).toISOString()).toBe(
      "2027-01-15T00:00:00.000Z",
    );
  });
});
