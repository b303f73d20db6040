/**
 * The shop's figures as the owner reads them: the period asked for and the one before it, what
 * each figure means (the help shown beside it), and the arithmetic that turns the sums the
 * database returns into figures. The definitions are those of docs/decisions/0078.
 */
import { z } from "zod";
import { createdBetween, filterDaySchema, type IsoDay } from "./admin/days";
import { monthNames } from "./dates";

/** The ranges the dashboard offers, with the number of days each covers (today included). */
export const rangeChoices = {
  today: { label: "Today", days: 1 },
  "7d": { label: "Last 7 days", days: 7 },
  "30d": { label: "Last 30 days", days: 30 },
  "90d": { label: "Last 90 days", days: 90 },
  custom: { label: "Custom", days: null },
} as const;
export type RangeChoice = keyof typeof rangeChoices;
export const defaultRangeChoice = "30d" satisfies RangeChoice;

/** The longest custom range, in days. */
export const maxRangeDays = 366;

/** Days of the shop's calendar, both included. */
export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

export interface InsightPeriod {
  choice: RangeChoice;
  current: DayRange;
  previous: DayRange;
  days: number;
}

export type RangeParse =
  | { ok: true; period: InsightPeriod }
  /** The custom days could not be used: the form says why, with what was typed kept. */
  | { ok: false; message: string; typed: { from: string; to: string }; period: InsightPeriod };

const dayMs = 24 * 60 * 60 * 1000;

/** `day` moved by `days` (negative: back). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The number of days from `from` to `to`, both included. */
export function daysIn(range: DayRange): number {
  return (
    Math.round(
      (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / dayMs,
    ) + 1
  );
}

/** The range and the same number of days just before it. */
export function periodOf(choice: RangeChoice, current: DayRange): InsightPeriod {
  const days = daysIn(current);
  return {
    choice,
    current,
    previous: { from: addDays(current.from, -days), to: addDays(current.from, -1) },
    days,
  };
}

/** The last `days` days of the shop's calendar, ending `today`. */
export function lastDays(today: IsoDay, days: number): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

const choiceSchema = z.enum(Object.keys(rangeChoices) as [RangeChoice, ...RangeChoice[]]);

export const rangeMessages = {
  day: "Please enter a date between 1/1/2000 and 12/31/2100",
  order: "The first day must not be after the last",
  length: `Please choose at most ${maxRangeDays} days`,
} as const;

/**
 * The period the dashboard's query names (`range`, and `from` and `to` for a custom one), by the
 * shop's calendar whose day is `today`. An unknown range is the default; custom days that
 * cannot be used are the form's mistake, and the default period is shown meanwhile.
 */
export function parseRange(params: URLSearchParams, today: IsoDay): RangeParse {
  const parsedChoice = choiceSchema.safeParse(params.get("range"));
  const choice = parsedChoice.success ? parsedChoice.data : defaultRangeChoice;
  const fallback = periodOf(
    defaultRangeChoice,
    lastDays(today, rangeChoices[defaultRangeChoice].days),
  );
  const days = rangeChoices[choice].days;
  if (days !== null) return { ok: true, period: periodOf(choice, lastDays(today, days)) };
  const typed = { from: params.get("from")?.trim() ?? "", to: params.get("to")?.trim() ?? "" };
  const from = filterDaySchema.safeParse(typed.from);
  const to = filterDaySchema.safeParse(typed.to);
  if (!from.success || !to.success)
    return { ok: false, message: rangeMessages.day, typed, period: fallback };
  const range = { from: from.data, to: to.data };
  if (range.from > range.to)
    return { ok: false, message: rangeMessages.order, typed, period: fallback };
  if (daysIn(range) > maxRangeDays)
    return { ok: false, message: rangeMessages.length, typed, period: fallback };
  return { ok: true, period: periodOf("custom", range) };
}

/** `Nov 20 – Nov 26, 2026`: the year once when both days share it; one day alone. */
export function formatDayRange(range: DayRange): string {
  const format = (day: IsoDay, withYear: boolean) => {
    const [year, month, date] = day.split("-");
    const text = `${monthNames[Number(month) - 1]} ${Number(date)}`;
    return withYear ? `${text}, ${year}` : text;
  };
  if (range.from === range.to) return format(range.to, true);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${format(range.from, !sameYear)} – ${format(range.to, true)}`;
}

/** The query string naming a period, for links that keep it (`?range=7d`). */
export function periodSearch(period: InsightPeriod): string {
  const params = new URLSearchParams({ range: period.choice });
  if (period.choice === "custom") {
    params.set("from", period.current.from);
    params.set("to", period.current.to);
  }
  return `?${params}`;
}

/** What the database sums over a set of counted orders (cents, and the number of orders). */
export interface OrderSums {
  orders: number;
  grossCents: number;
  discountCents: number;
  refundedCents: number;
  shippingCents: number;
  taxCents: number;
}

export const noOrders: OrderSums = {
  orders: 0,
  grossCents: 0,
  discountCents: 0,
  refundedCents: 0,
  shippingCents: 0,
  taxCents: 0,
};

/** The sales figures of some orders, by the definitions of the shop. */
export interface SalesFigures extends OrderSums {
  netCents: number;
  totalCents: number;
  /** Net sales ÷ orders, to the cent; null without orders. */
  averageOrderCents: number | null;
}

export function addSums(a: OrderSums, b: OrderSums): OrderSums {
  return {
    orders: a.orders + b.orders,
    grossCents: a.grossCents + b.grossCents,
    discountCents: a.discountCents + b.discountCents,
    refundedCents: a.refundedCents + b.refundedCents,
    shippingCents: a.shippingCents + b.shippingCents,
    taxCents: a.taxCents + b.taxCents,
  };
}

/** Net sales ÷ orders, rounded to the cent; null when there are no orders. */
export function averageOrderCents(netCents: number, orders: number): number | null {
  return orders === 0 ? null : Math.round(netCents / orders);
}

export function salesFigures(sums: OrderSums): SalesFigures {
  const netCents = sums.grossCents - sums.discountCents - sums.refundedCents;
  return {
    ...sums,
    netCents,
    totalCents: netCents + sums.shippingCents + sums.taxCents,
    averageOrderCents: averageOrderCents(netCents, sums.orders),
  };
}

/** Memberships cancelled during a period among those active at its start; null when none were. */
export function churnRate(cancelled: number, activeAtStart: number): number | null {
  return activeAtStart === 0 ? null : cancelled / activeAtStart;
}

/** A figure against the previous period's: the difference, and the percentage when it has one. */
export interface Change {
  difference: number;
  /** Whole percent; null when the previous figure is zero or missing. */
  percent: number | null;
}

export function changeOf(current: number | null, previous: number | null): Change | null {
  if (current === null || previous === null) return null;
  return {
    difference: current - previous,
    percent: previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 100),
  };
}

/** `12%`, `-3%`, `+12%` with `signed`; one decimal below 10% (`2.5%`). */
export function formatPercent(fraction: number, signed = false): string {
  const percent = fraction * 100;
  const rounded = Math.abs(percent) < 10 ? Math.round(percent * 10) / 10 : Math.round(percent);
  const sign = signed && rounded > 0 ? "+" : "";
  return `${sign}${rounded}%`;
}

/** The steps of the funnel, in order, with what each counts. */
export const funnelSteps = {
  sessions: "Sessions",
  productViews: "Viewed products",
  addedToCart: "Added to cart",
  checkoutStarted: "Started checkout",
  paid: "Paid",
} as const;
export type FunnelStep = keyof typeof funnelSteps;
export type FunnelCounts = Record<FunnelStep, number>;

/** The pages that sell: a page view of one of them counts as a product view. */
export const productPagePaths = [
  "/our-olive-oils",
  "/holiday-collection",
  "/become-a-member",
  "/restaurants",
] as const;
/** Influencers' pages, which sell their offer: `/community/<slug>`. */
export const communityPathPrefix = "/community/";

export function isProductPagePath(path: string): boolean {
  return (
    (productPagePaths as readonly string[]).includes(path) || path.startsWith(communityPathPrefix)
  );
}

export interface FunnelRow {
  step: FunnelStep;
  label: string;
  sessions: number;
  /** This step's sessions ÷ the previous step's; null for the first, or after a step of none. */
  fromPrevious: number | null;
}

export function funnelRows(counts: FunnelCounts): FunnelRow[] {
  const steps = Object.keys(funnelSteps) as FunnelStep[];
  return steps.map((step, index) => {
    const before = index === 0 ? null : counts[steps[index - 1] as FunnelStep];
    return {
      step,
      label: funnelSteps[step],
      sessions: counts[step],
      fromPrevious: before ? counts[step] / before : null,
    };
  });
}

/** Paid sessions ÷ sessions; null without sessions. */
export function conversionRate(counts: FunnelCounts): number | null {
  return counts.sessions === 0 ? null : counts.paid / counts.sessions;
}

/** Whether a request asks not to be tracked: Global Privacy Control or Do Not Track. */
export function asksNotToBeTracked(headers: { get(name: string): string | null }): boolean {
  return headers.get("Sec-GPC")?.trim() === "1" || headers.get("DNT")?.trim() === "1";
}

/** Each figure of the dashboard, its name and the help shown beside it. */
export const figureDefinitions = {
  totalSales: {
    label: "Total sales",
    help: "Net sales plus shipping and taxes: what customers paid, less what was refunded.",
  },
  netSales: {
    label: "Net sales",
    help: "Gross sales (list price × quantity) minus discounts, returns and refunds.",
  },
  grossSales: { label: "Gross sales", help: "List price × quantity of every item ordered." },
  discounts: { label: "Discounts", help: "Promotions taken off the orders." },
  refunds: {
    label: "Returns and refunds",
    help: "Money given back on the period's orders, counted on the day each order was placed.",
  },
  shipping: { label: "Shipping", help: "Shipping charged on the orders." },
  taxes: { label: "Taxes", help: "Tax charged on the orders." },
  orders: {
    label: "Orders",
    help: "Orders placed and paid in the period, renewals included, cancelled orders left out.",
  },
  averageOrder: { label: "Average order value", help: "Net sales ÷ orders." },
  newCustomers: {
    label: "New customers",
    help: "E-mail addresses (guests included) whose first order was placed in the period.",
  },
  returningCustomers: {
    label: "Returning customers",
    help: "E-mail addresses that ordered in the period and had ordered before it.",
  },
  activeMemberships: {
    label: "Active memberships",
    help: "Memberships started before the period's end and not cancelled by then.",
  },
  mrr: {
    label: "MRR",
    help: "Monthly recurring revenue: the monthly price of the active memberships.",
  },
  churn: {
    label: "Churn",
    help: "Memberships active at the period's start and cancelled during it ÷ those active at its start.",
  },
  conversion: {
    label: "Conversion",
    help: "Sessions that paid ÷ sessions. A session is one anonymous visitor on one day; visitors who ask not to be tracked are not counted.",
  },
} as const;
export type FigureKey = keyof typeof figureDefinitions;

/** Every day of `range`, in order: `2026-11-24`, `2026-11-25`, … */
export function daysOf(range: DayRange): IsoDay[] {
  return Array.from({ length: daysIn(range) }, (_, index) => addDays(range.from, index));
}

/** One day's sales, for the chart and its table. */
export interface DaySales {
  day: IsoDay;
  orders: number;
  netCents: number;
  totalCents: number;
}

/** The sales of every day of `range`, a day without orders at zero. */
export function dailySales(
  range: DayRange,
  sums: ReadonlyArray<OrderSums & { day: IsoDay }>,
): DaySales[] {
  const byDay = new Map(sums.map((row) => [row.day, row]));
  return daysOf(range).map((day) => {
    const figures = salesFigures(byDay.get(day) ?? noOrders);
    return {
      day,
      orders: figures.orders,
      netCents: figures.netCents,
      totalCents: figures.totalCents,
    };
  });
}

/** What the rollups keep the orders' sums by (the influencer is the promotion's, looked up when asked). */
export const rolledUpGroupings = ["promotion", "affiliate"] as const;
/** What the rollups keep visits by: a referral id, or an influencer's page by its slug. */
export const visitSources = ["affiliate", "influencer"] as const;

const hourMs = 60 * 60 * 1000;

/**
 * Whether every midnight of `range` in `timeZone` (its start, each day's and its end) falls on a
 * whole hour of UTC: then the rollups' hours add up to its days exactly (docs/decisions/0083).
 * India's or Newfoundland's half hours do not.
 */
export function midnightsOnTheHour(range: DayRange, timeZone: string): boolean {
  return [...daysOf(range), addDays(range.to, 1)].every((day) => {
    const { start } = createdBetween({ from: day, to: null }, timeZone);
    return start !== null && start.getTime() % hourMs === 0;
  });
}

/** The sums of a group of days. */
export function sumOf(rows: readonly OrderSums[]): OrderSums {
  return rows.reduce<OrderSums>((sum, row) => addSums(sum, row), noOrders);
}

/** A referral id's or an influencer's figures in the report. */
export interface SourceRow {
  key: string;
  visits: number;
  orders: number;
  netCents: number;
  averageOrderCents: number | null;
}

/**
 * One row per key that had visits or sales, by net sales then visits: the sales of
 * `sales` (each row's sums) and the visits of `visits`.
 */
export function sourceRows(
  sales: ReadonlyArray<OrderSums & { key: string }>,
  visits: ReadonlyMap<string, number>,
): SourceRow[] {
  const keys = new Set([...sales.map((row) => row.key), ...visits.keys()]);
  const salesByKey = new Map(sales.map((row) => [row.key, row]));
  return [...keys]
    .map((key) => {
      const figures = salesFigures(salesByKey.get(key) ?? noOrders);
      return {
        key,
        visits: visits.get(key) ?? 0,
        orders: figures.orders,
        netCents: figures.netCents,
        averageOrderCents: figures.averageOrderCents,
      };
    })
    .sort((a, b) => b.netCents - a.netCents || b.visits - a.visits || a.key.localeCompare(b.key));
}

/** The home's tables, each beside its chart or on its own, each downloadable as CSV. */
export const insightTableTitles = {
  sales: "Sales by day",
  funnel: "Funnel",
  items: "Top items",
  promotions: "Sales by promotion",
  influencers: "Sales by influencer",
  affiliates: "Sales by referral id",
} as const;
export type InsightTableKey = keyof typeof insightTableTitles;

export function isInsightTableKey(value: string): value is InsightTableKey {
  return Object.hasOwn(insightTableTitles, value);
}

export interface InsightColumn {
  label: string;
  kind: "text" | "count" | "money" | "percent";
}

/** A table of figures: text, counts, cents or fractions, and null for none. */
export interface InsightTable {
  key: InsightTableKey;
  title: string;
  columns: readonly InsightColumn[];
  rows: Array<Array<string | number | null>>;
}
