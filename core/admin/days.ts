/**
 * The days the back office's lists are filtered by (`from` and `to`): YYYY-MM-DD days of the
 * shop's time zone, from 2000 to 2100. A day outside those years, or one that is no day at all,
 * is a mistake in the form, which says so, rather than a value to ignore: the filter asked for
 * would otherwise silently become another.
 */
import { z } from "zod";
import { startOfDayIn } from "../dates";

/** A YYYY-MM-DD day. */
export type IsoDay = string;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function calendarDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const parsed = new Date(0);
  parsed.setUTCFullYear(year, month - 1, day);
  const isOnCalendar =
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === day;
  return isOnCalendar ? { year, month, day } : null;
}

/** Whether `text` is a YYYY-MM-DD day of the calendar. */
export function isIsoDay(text: string): boolean {
  return calendarDay(text) !== null;
}

/** The first and last days a filter may name. */
export const filterDayBounds = { first: "2000-01-01", last: "2100-12-31" } as const;

/** A `from` or `to` parameter: a day of the calendar within `filterDayBounds`. */
export const filterDaySchema = z
  .string()
  .refine(isIsoDay)
  .refine((day) => day >= filterDayBounds.first && day <= filterDayBounds.last);

export const dayFields = ["from", "to"] as const;
export type DayField = (typeof dayFields)[number];

/** What the form says under a day it could not use. */
export const dayMessage = "Please enter a date between 1/1/2000 and 12/31/2100";

/** A day the form was given and could not use: what was typed, and what the form says. */
export interface RefusedDay {
  typed: string;
  message: string;
}

export type DayErrors = Partial<Record<DayField, RefusedDay>>;

function isDayField(name: string): name is DayField {
  return (dayFields as readonly string[]).includes(name);
}

/**
 * Takes the days out of a query's ignored parameters (`ignored`, as the list query read them
 * from `params`): the days refused become the form's errors, the rest stay ignored.
 */
export function refuseDays<Param extends string>(
  params: URLSearchParams,
  ignored: Param[],
): { ignored: Array<Exclude<Param, DayField>>; dayErrors: DayErrors } {
  const dayErrors: DayErrors = {};
  const rest: Array<Exclude<Param, DayField>> = [];
  for (const name of ignored) {
    if (isDayField(name)) {
      dayErrors[name] = { typed: params.get(name)?.trim() ?? "", message: dayMessage };
    } else rest.push(name as Exclude<Param, DayField>);
  }
  return { ignored: rest, dayErrors };
}

/** Whether the form refused a day: the request is answered 400. */
export function hasDayErrors(dayErrors: DayErrors): boolean {
  return dayFields.some((field) => dayErrors[field] !== undefined);
}

/** The refusals as one line, for an answer that is not a page: `to: Please enter…`. */
export function dayErrorsText(dayErrors: DayErrors): string {
  return dayFields
    .flatMap((field) => {
      const refused = dayErrors[field];
      return refused ? [`${field}: ${refused.message}`] : [];
    })
    .join("; ");
}

function startOf(day: IsoDay, timeZone: string): Date {
  const parsed = calendarDay(day);
  if (!parsed) throw new Error(`Not a day: ${day}`);
  return startOfDayIn(parsed, timeZone);
}

/** The instant `day` ends by the clock of `timeZone`: the start of the next day. */
export function endOfDay(day: IsoDay, timeZone: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return startOf(date.toISOString().slice(0, 10), timeZone);
}

/**
 * The instants a list's days cover (an order's creation, an audit entry's time), `>= start` and
 * `< end`: from midnight starting `from` to midnight ending `to`, by the clock of `timeZone`.
 */
export function createdBetween(
  days: { from: IsoDay | null; to: IsoDay | null },
  timeZone: string,
): { start: Date | null; end: Date | null } {
  return {
    start: days.from ? startOf(days.from, timeZone) : null,
    end: days.to ? endOfDay(days.to, timeZone) : null,
  };
}
