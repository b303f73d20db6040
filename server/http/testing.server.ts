import { vi } from "vitest";

/**
 * Stops `Date` (and nothing else, so database clients keep their timers) for a test that makes
 * several requests against a fixed-window rate limit: a window boundary crossed between two
 * requests would otherwise reset the counter halfway through. Undo with `vi.useRealTimers()`.
 */
export function freezeDate(at = new Date("2026-11-22T10:00:10Z")): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}
