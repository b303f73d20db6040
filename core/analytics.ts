/** The shop's own analytics: what an event is, and what the endpoint accepts. */

export const eventCategories = [
  "engagement",
  "authentication",
  "intent",
  "revenue",
  "account",
  "virality",
] as const;

export type EventCategory = (typeof eventCategories)[number];

/** The most `/api/events` accepts in one request; the browser never sends more. */
export const analyticsLimits = {
  eventsPerBatch: 20,
  batchBytes: 16 * 1024,
  nameLength: 64,
  labelLength: 200,
  pathLength: 300,
  /** Values are stored in a 32-bit integer column. */
  valueMagnitude: 2_147_483_647,
} as const;

/** Event names are snake_case words: `page_view`, `checkout_click`, `share`. */
export const eventNamePattern = /^[a-z][a-z0-9_]*$/;
