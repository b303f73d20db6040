/** A date as the spec shows dates: month/day/year, in UTC so that server and browser agree. */
export function formatDate(date: Date): string {
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** A billing date, from seconds since the epoch as the provider gives it. */
export function formatBillingDate(seconds: number): string {
  return formatDate(new Date(seconds * 1000));
}

/** An IANA time zone name (`America/Los_Angeles`, `UTC`): letters, digits, `_`, `+`, `-` and `/`. */
const timeZoneName = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (!timeZoneName.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The zone's short name at that instant: `PST`, `PDT`, `UTC`, `GMT+3`. */
  zone: string;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** What a clock in `timeZone` reads at `date`. */
function wallClock(date: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    zone: parts.timeZoneName ?? timeZone,
  };
}

/** Months as the shop writes them in dates: `Nov`. */
export const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** The day the shop's calendar shows at `date`, as an ISO date: `2026-11-26`. */
export function shopDate(date: Date, timeZone: string): string {
  const clock = wallClock(date, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/**
 * `Nov 26, 2026, 9:41 AM PST`: an instant as the shop's clock in `timeZone` reads it, with the
 * zone named. Put together from numbers rather than by `Intl`'s own layout, whose spaces and
 * punctuation differ between the server's and the browser's versions of the same data.
 */
export function formatShopTime(date: Date, timeZone: string): string {
  const clock = wallClock(date, timeZone);
  const hour = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  const minute = String(clock.minute).padStart(2, "0");
  const period = clock.hour < 12 ? "AM" : "PM";
  const month = monthNames[clock.month - 1];
  return `${month} ${clock.day}, ${clock.year}, ${hour}:${minute} ${period} ${clock.zone}`;
}

/** How far `timeZone`'s clock runs ahead of UTC at `instant` (negative behind it). */
function offsetMs(instant: number, timeZone: string): number {
  const clock = wallClock(new Date(instant), timeZone);
  const read = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return read - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a clock in `timeZone` reads midnight at the start of the day `year`-`month`-`day`
 * (months from 1). A day whose midnight is skipped by a change of the clocks starts at the
 * first instant after it.
 */
export function startOfDayIn(
  day: { year: number; month: number; day: number },
  timeZone: string,
): Date {
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  const guess = midnight - offsetMs(midnight, timeZone);
  // Across a change of the clocks the offset at the guess is the one that counts.
  const settled = midnight - offsetMs(guess, timeZone);
  return new Date(Math.max(guess, settled));
}

/** The wall time `2026-11-26T09:41` a datetime-local field shows. */
const localTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a clock in `timeZone` reads the wall time of a datetime-local field
 * (`2026-11-26T09:41`); null when the text is not one. A time skipped by a change of the
 * clocks is read with the offset before it.
 */
export function instantOfLocalTime(text: string, timeZone: string): Date | null {
  const match = localTimePattern.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) return null;
  const guess = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(guess, timeZone));
}

/** What a datetime-local field shows for `date` by the clock of `timeZone`: `2026-11-26T09:41`. */
export function localTimeOf(date: Date, timeZone: string): string {
  const clock = wallClock(date, timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${clock.year}-${two(clock.month)}-${two(clock.day)}T${two(clock.hour)}:${two(clock.minute)}`;
}
