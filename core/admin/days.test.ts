import { describe, expect, it } from "vitest";
import {
  createdBetween,
  dayErrorsText,
  endOfDay,
  hasDayErrors,
  isIsoDay,
  refuseDays,
} from "./days";

describe("the days of a filter", () => {
  it("cover whole days of the shop's time zone, the last one included", () => {
    expect(createdBetween({ from: "2026-11-25", to: "2026-11-25" }, "America/Los_Angeles")).toEqual(
      {
        start: new Date("2026-11-25T08:00:00.000Z"),
        end: new Date("2026-11-26T08:00:00.000Z"),
      },
    );
    expect(createdBetween({ from: "2026-03-01", to: "2026-03-31" }, "UTC")).toEqual({
      start: new Date("2026-03-01T00:00:00.000Z"),
      end: new Date("2026-04-01T00:00:00.000Z"),
    });
  });

  it("follow the clocks across summer time", () => {
    expect(createdBetween({ from: "2026-03-08", to: "2026-03-08" }, "America/Los_Angeles")).toEqual(
      {
        start: new Date("2026-03-08T08:00:00.000Z"),
        end: new Date("2026-03-09T07:00:00.000Z"),
      },
    );
  });

  it("cross the end of a year and a leap day", () => {
    expect(endOfDay("2025-12-31", "UTC")).toEqual(new Date("2026-01-01T00:00:00.000Z"));
    expect(endOfDay("2028-02-28", "UTC")).toEqual(new Date("2028-02-29T00:00:00.000Z"));
    expect(endOfDay("2100-12-31", "America/Los_Angeles")).toEqual(
      new Date("2101-01-01T08:00:00.000Z"),
    );
  });

  it("leave an open side open", () => {
    expect(createdBetween({ from: null, to: null }, "UTC")).toEqual({ start: null, end: null });
  });

  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["0099-01-01", true],
    ["9999-12-31", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["26-01-01", false],
    ["", false],
  ])("take %j for a day of the calendar: %s", (text, isDay) => {
    expect(isIsoDay(text)).toBe(isDay);
  });
});

describe("days the form refuses", () => {
  it("are taken out of the ignored parameters, with what was typed", () => {
    const params = new URLSearchParams("to=%209999-12-31%20&page=x");
    const refused = refuseDays(params, ["to", "page"]);
    expect(refused).toEqual({
      ignored: ["page"],
      dayErrors: {
        to: { typed: "9999-12-31", message: "Please enter a date between 1/1/2000 and 12/31/2100" },
      },
    });
    expect(hasDayErrors(refused.dayErrors)).toBe(true);
    expect(dayErrorsText(refused.dayErrors)).toBe(
      "to: Please enter a date between 1/1/2000 and 12/31/2100",
    );
  });

  it("are none when every day could be used", () => {
    const refused = refuseDays(new URLSearchParams("page=x"), ["page"]);
    expect(refused).toEqual({ ignored: ["page"], dayErrors: {} });
    expect(hasDayErrors(refused.dayErrors)).toBe(false);
  });
});
