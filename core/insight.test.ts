import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  asksNotToBeTracked,
  averageOrderCents,
  changeOf,
  churnRate,
  conversionRate,
  dailySales,
  daysIn,
  daysOf,
  formatDayRange,
  formatPercent,
  funnelRows,
  isProductPagePath,
  maxRangeDays,
  midnightsOnTheHour,
  noOrders,
  parseRange,
  periodSearch,
  rangeMessages,
  salesFigures,
  sourceRows,
  sumOf,
} from "./insight";

const today = "2026-11-26";
const params = (query: string) => new URLSearchParams(query);

describe("the period asked for", () => {
  it.each([
    ["range=today", { from: today, to: today }, { from: "2026-11-25", to: "2026-11-25" }],
    ["range=7d", { from: "2026-11-20", to: today }, { from: "2026-11-13", to: "2026-11-19" }],
    ["range=30d", { from: "2026-10-28", to: today }, { from: "2026-09-28", to: "2026-10-27" }],
    ["range=90d", { from: "2026-08-29", to: today }, { from: "2026-05-31", to: "2026-08-28" }],
    ["", { from: "2026-10-28", to: today }, { from: "2026-09-28", to: "2026-10-27" }],
    ["range=forever", { from: "2026-10-28", to: today }, { from: "2026-09-28", to: "2026-10-27" }],
    [
      "range=custom&from=2024-02-28&to=2024-03-01",
      { from: "2024-02-28", to: "2024-03-01" },
      { from: "2024-02-25", to: "2024-02-27" },
    ],
  ])(
    "%s covers its days, and the previous period as many days before",
    (query, current, previous) => {
      const parsed = parseRange(params(query), today);
      expect(parsed.ok).toBe(true);
      expect(parsed.period.current).toEqual(current);
      expect(parsed.period.previous).toEqual(previous);
      expect(daysIn(parsed.period.previous)).toBe(daysIn(parsed.period.current));
    },
  );

  it.each([
    ["range=custom&from=2026-02-30&to=2026-03-01", rangeMessages.day],
    ["range=custom&from=1999-12-31&to=2000-01-01", rangeMessages.day],
    ["range=custom&from=&to=2026-01-01", rangeMessages.day],
    ["range=custom&from=2026-03-02&to=2026-03-01", rangeMessages.order],
    ["range=custom&from=2024-01-01&to=2025-01-01", rangeMessages.length],
  ])("refuses %s, keeping what was typed, and shows the default meanwhile", (query, message) => {
    const parsed = parseRange(params(query), today);
    expect(parsed).toMatchObject({ ok: false, message });
    if (parsed.ok) return;
    expect(parsed.typed).toEqual({
      from: params(query).get("from") ?? "",
      to: params(query).get("to") ?? "",
    });
    expect(parsed.period.choice).toBe("30d");
  });

  it("accepts a custom range of exactly the longest length", () => {
    const from = addDays(today, -(maxRangeDays - 1));
    expect(parseRange(params(`range=custom&from=${from}&to=${today}`), today).ok).toBe(true);
  });

  it("keeps the period in its links", () => {
    const custom = parseRange(params("range=custom&from=2026-01-01&to=2026-01-31"), today);
    expect(periodSearch(custom.period)).toBe("?range=custom&from=2026-01-01&to=2026-01-31");
    expect(periodSearch(parseRange(params("range=7d"), today).period)).toBe("?range=7d");
  });

  it("counts days across months, leap days and years", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 36_000 }),
        fc.integer({ min: 1, max: 400 }),
        (start, length) => {
          const from = addDays("2000-01-01", start);
          const range = { from, to: addDays(from, length - 1) };
          expect(daysIn(range)).toBe(length);
          expect(daysOf(range)).toHaveLength(length);
          expect(daysOf(range).at(-1)).toBe(range.to);
        },
      ),
    );
  });
});

describe("whether the rollups' hours make up the days", () => {
  it.each([
    ["America/Los_Angeles", { from: "2026-10-30", to: "2026-11-03" }, true],
    ["UTC", { from: "2026-01-01", to: "2026-12-31" }, true],
    ["Europe/Athens", { from: "2026-03-28", to: "2026-03-30" }, true],
    ["Asia/Kolkata", { from: "2026-11-26", to: "2026-11-26" }, false],
    ["Asia/Kathmandu", { from: "2026-11-26", to: "2026-11-26" }, false],
    ["America/St_Johns", { from: "2026-07-01", to: "2026-07-01" }, false],
  ])("in %s, %o: %s", (zone, range, onTheHour) => {
    expect(midnightsOnTheHour(range, zone)).toBe(onTheHour);
  });

  it("looks at every midnight of the range, the last one included", () => {
    // Lord Howe Island's clocks move by half an hour: its summer days (UTC+11) are on the hour,
    // its winter days (UTC+10:30) are not; summer time ends there on 5 April 2026.
    expect(
      midnightsOnTheHour({ from: "2026-01-01", to: "2026-01-02" }, "Australia/Lord_Howe"),
    ).toBe(true);
    expect(
      midnightsOnTheHour({ from: "2026-06-01", to: "2026-06-01" }, "Australia/Lord_Howe"),
    ).toBe(false);
    expect(
      midnightsOnTheHour({ from: "2026-03-20", to: "2026-04-10" }, "Australia/Lord_Howe"),
    ).toBe(false);
  });
});

describe("the sales figures", () => {
  const sums = {
    orders: 3,
    grossCents: 30_000,
    discountCents: 1_000,
    refundedCents: 2_500,
    shippingCents: 1_500,
    taxCents: 200,
  };

  it("follows the definitions: net, total and average order", () => {
    expect(salesFigures(sums)).toEqual({
      ...sums,
      netCents: 26_500,
      totalCents: 28_200,
      averageOrderCents: 8_833,
    });
  });

  it("has no average order without orders", () => {
    expect(salesFigures(noOrders).averageOrderCents).toBeNull();
    expect(averageOrderCents(0, 0)).toBeNull();
  });

  it("adds up day by day to the period's figures", () => {
    const day = fc.record({
      orders: fc.nat(50),
      grossCents: fc.nat(1_000_000),
      discountCents: fc.nat(10_000),
      refundedCents: fc.nat(10_000),
      shippingCents: fc.nat(10_000),
      taxCents: fc.nat(10_000),
    });
    fc.assert(
      fc.property(fc.array(day, { maxLength: 30 }), (days) => {
        const whole = salesFigures(sumOf(days));
        const parts = days.map(salesFigures);
        expect(whole.netCents).toBe(parts.reduce((sum, part) => sum + part.netCents, 0));
        expect(whole.totalCents).toBe(parts.reduce((sum, part) => sum + part.totalCents, 0));
      }),
    );
  });

  it("gives every day of the range, a day without orders at zero", () => {
    const range = { from: "2026-11-24", to: "2026-11-26" };
    expect(dailySales(range, [{ day: "2026-11-25", ...sums }])).toEqual([
      { day: "2026-11-24", orders: 0, netCents: 0, totalCents: 0 },
      { day: "2026-11-25", orders: 3, netCents: 26_500, totalCents: 28_200 },
      { day: "2026-11-26", orders: 0, netCents: 0, totalCents: 0 },
    ]);
  });
});

describe("changes, churn and conversion", () => {
  it("compares with the previous period", () => {
    expect(changeOf(150, 100)).toEqual({ difference: 50, percent: 50 });
    expect(changeOf(50, 100)).toEqual({ difference: -50, percent: -50 });
    expect(changeOf(5, 0)).toEqual({ difference: 5, percent: null });
    expect(changeOf(null, 3)).toBeNull();
    expect(changeOf(-50, -100)).toEqual({ difference: 50, percent: 50 });
  });

  it("counts churn among the memberships of the start", () => {
    expect(churnRate(1, 4)).toBe(0.25);
    expect(churnRate(0, 0)).toBeNull();
  });

  it("writes percentages", () => {
    expect(formatPercent(0.25)).toBe("25%");
    expect(formatPercent(0.025)).toBe("2.5%");
    expect(formatPercent(0.12, true)).toBe("+12%");
    expect(formatPercent(-0.03, true)).toBe("-3%");
    expect(formatPercent(0)).toBe("0%");
  });

  it("converts each step of the funnel from the one before", () => {
    const counts = {
      sessions: 200,
      productViews: 100,
      addedToCart: 20,
      checkoutStarted: 0,
      paid: 0,
    };
    expect(funnelRows(counts).map((row) => [row.step, row.sessions, row.fromPrevious])).toEqual([
      ["sessions", 200, null],
      ["productViews", 100, 0.5],
      ["addedToCart", 20, 0.2],
      ["checkoutStarted", 0, 0],
      ["paid", 0, null],
    ]);
    expect(conversionRate({ ...counts, paid: 4 })).toBe(0.02);
    expect(conversionRate({ ...counts, sessions: 0 })).toBeNull();
  });

  it("knows the pages that sell", () => {
    expect(isProductPagePath("/our-olive-oils")).toBe(true);
    expect(isProductPagePath("/community/maria-papadopoulos")).toBe(true);
    expect(isProductPagePath("/academy")).toBe(false);
    expect(isProductPagePath("/our-olive-oils/extra")).toBe(false);
  });

  it("hears Global Privacy Control and Do Not Track", () => {
    const headers = (entries: Record<string, string>) => new Headers(entries);
    expect(asksNotToBeTracked(headers({ "Sec-GPC": "1" }))).toBe(true);
    expect(asksNotToBeTracked(headers({ DNT: "1" }))).toBe(true);
    expect(asksNotToBeTracked(headers({ DNT: "0" }))).toBe(false);
    expect(asksNotToBeTracked(headers({}))).toBe(false);
  });
});

describe("the report's sources", () => {
  it("lists every key with visits or sales, best net sales first", () => {
    const sale = { ...noOrders, orders: 2, grossCents: 10_000, discountCents: 1_000 };
    const rows = sourceRows(
      [{ key: "b", ...sale }],
      new Map([
        ["a", 5],
        ["b", 3],
      ]),
    );
    expect(rows).toEqual([
      { key: "b", visits: 3, orders: 2, netCents: 9_000, averageOrderCents: 4_500 },
      { key: "a", visits: 5, orders: 0, netCents: 0, averageOrderCents: null },
    ]);
  });
});

describe("the period's words", () => {
  it("names the days, the year once when they share it", () => {
    expect(formatDayRange({ from: "2026-11-20", to: "2026-11-26" })).toBe("Nov 20 – Nov 26, 2026");
    expect(formatDayRange({ from: "2025-12-30", to: "2026-01-02" })).toBe(
      "Dec 30, 2025 – Jan 2, 2026",
    );
    expect(formatDayRange({ from: "2026-11-26", to: "2026-11-26" })).toBe("Nov 26, 2026");
  });
});
