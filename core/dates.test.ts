import { describe, expect, it } from "vitest";
import {
  formatBillingDate,
  formatDate,
  formatShopTime,
  instantOfLocalTime,
  isTimeZone,
  localTimeOf,
  startOfDayIn,
} from "./dates";

describe("billing dates", () => {
  it("read month/day/year in UTC, whatever the server's time zone", () => {
    expect(formatBillingDate(Date.parse("2026-12-22T10:00:00Z") / 1000)).toBe("12/22/2026");
    expect(formatBillingDate(Date.parse("2027-01-05T23:59:59Z") / 1000)).toBe("1/5/2027");
  });
});

describe("dates", () => {
  it("read month/day/year", () => {
    expect(formatDate(new Date("2026-03-09T12:00:00Z"))).toBe("3/9/2026");
  });
});

describe("times in the shop's time zone", () => {
  it("read as the shop's clock does, with the zone named", () => {
    const at = new Date("2026-11-26T17:41:00Z");
    expect(formatShopTime(at, "America/Los_Angeles")).toBe("Nov 26, 2026, 9:41 AM PST");
    expect(formatShopTime(at, "UTC")).toBe("Nov 26, 2026, 5:41 PM UTC");
    expect(formatShopTime(at, "Europe/Istanbul")).toBe("Nov 26, 2026, 8:41 PM GMT+3");
  });

  it("name summer time, midnight and noon", () => {
    expect(formatShopTime(new Date("2026-07-04T07:05:00Z"), "America/Los_Angeles")).toBe(
      "Jul 4, 2026, 12:05 AM PDT",
    );
    expect(formatShopTime(new Date("2026-07-04T19:00:00Z"), "America/Los_Angeles")).toBe(
      "Jul 4, 2026, 12:00 PM PDT",
    );
  });

  it("put an evening in Los Angeles on its own day, not UTC's next one", () => {
    expect(formatShopTime(new Date("2026-11-26T07:00:00Z"), "America/Los_Angeles")).toBe(
      "Nov 25, 2026, 11:00 PM PST",
    );
  });
});

describe("the start of a day in a time zone", () => {
  it("is the instant the zone's clock reads midnight", () => {
    expect(startOfDayIn({ year: 2026, month: 11, day: 25 }, "America/Los_Angeles")).toEqual(
      new Date("2026-11-25T08:00:00Z"),
    );
    expect(startOfDayIn({ year: 2026, month: 7, day: 4 }, "America/Los_Angeles")).toEqual(
      new Date("2026-07-04T07:00:00Z"),
    );
    expect(startOfDayIn({ year: 2026, month: 3, day: 1 }, "UTC")).toEqual(
      new Date("2026-03-01T00:00:00Z"),
    );
    expect(startOfDayIn({ year: 2026, month: 3, day: 1 }, "Asia/Kolkata")).toEqual(
      new Date("2026-02-28T18:30:00Z"),
    );
  });

  it("holds on the days the clocks change", () => {
    // Los Angeles moves its clocks at 2 AM: both days still start at midnight.
    expect(startOfDayIn({ year: 2026, month: 3, day: 8 }, "America/Los_Angeles")).toEqual(
      new Date("2026-03-08T08:00:00Z"),
    );
    expect(startOfDayIn({ year: 2026, month: 3, day: 9 }, "America/Los_Angeles")).toEqual(
      new Date("2026-03-09T07:00:00Z"),
    );
    expect(startOfDayIn({ year: 2026, month: 11, day: 2 }, "America/Los_Angeles")).toEqual(
      new Date("2026-11-02T08:00:00Z"),
    );
    // Santiago skips midnight in September: the day starts at 1 AM; in April 12 AM comes once.
    expect(startOfDayIn({ year: 2026, month: 9, day: 6 }, "America/Santiago")).toEqual(
      new Date("2026-09-06T04:00:00Z"),
    );
    expect(startOfDayIn({ year: 2026, month: 4, day: 5 }, "America/Santiago")).toEqual(
      new Date("2026-04-05T04:00:00Z"),
    );
  });
});

describe("time zone names", () => {
  it.each([
    ["America/Los_Angeles", true],
    ["UTC", true],
    ["Europe/Istanbul", true],
    ["Etc/GMT+8", true],
    ["Nowhere/Else", false],
    ["+01:00", false],
    ["PST8PDT; drop table", false],
    ["", false],
  ])("%j is a zone: %s", (name, known) => {
    expect(isTimeZone(name)).toBe(known);
  });
});

describe("datetime-local fields by the shop's clock", () => {
  const zone = "America/Los_Angeles";

  it("reads a wall time in the zone, either side of a change of the clocks", () => {
    expect(instantOfLocalTime("2026-11-26T09:41", zone)?.toISOString()).toBe(
      "2026-11-26T17:41:00.000Z",
    );
    expect(instantOfLocalTime("2026-07-01T00:00", zone)?.toISOString()).toBe(
      "2026-07-01T07:00:00.000Z",
    );
  });

  it("refuses what is not a wall time", () => {
    for (const text of ["", "2026-02-30T10:00", "2026-11-26 09:41", "2026-11-26T25:00"]) {
      expect(instantOfLocalTime(text, zone)).toBeNull();
    }
  });

  it("writes an instant back as the field shows it", () => {
    const instant = new Date("2026-11-26T17:41:00Z");
    expect(localTimeOf(instant, zone)).toBe("2026-11-26T09:41");
    expect(instantOfLocalTime(localTimeOf(instant, zone), zone)).toEqual(instant);
  });
});
