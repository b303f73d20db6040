import { describe, expect, it } from "vitest";
import { formatBillingDate, formatDate } from "./dates";

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
