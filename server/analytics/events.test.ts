import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AnalyticsEventName,
  analyticsEvents,
  eventCategories,
  legacyAnalyticsEvents,
} from "~core/analytics";
import { eventBatchSchema } from "./events.server";

const tableEvents = Object.entries(analyticsEvents);

function accepted(category: string, name: string) {
  const parsed = eventBatchSchema.safeParse({ events: [{ category, name, path: "/" }] });
  return parsed.success ? parsed.data.events[0] : undefined;
}

describe("the events the endpoint accepts", () => {
  it("accepts every event of the table, as it is", () => {
    for (const [name, category] of tableEvents) {
      expect(accepted(category, name)).toEqual({ category, name, path: "/" });
    }
  });

  it("accepts nothing that is not in the table, except old names it stores as they are now", () => {
    const oldNames = new Set(legacyAnalyticsEvents.map((event) => event.name));
    const names = fc.oneof(
      fc.constantFrom(...Object.keys(analyticsEvents), ...oldNames),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...eventCategories), names, (category, name) => {
        const event = accepted(category, name);
        if (!event) return;
        expect(analyticsEvents[event.name as AnalyticsEventName]).toBe(event.category);
        const asSent = analyticsEvents[name as AnalyticsEventName] === category;
        const legacy = legacyAnalyticsEvents.some(
          (old) => old.category === category && old.name === name,
        );
        expect(asSent || legacy).toBe(true);
      }),
    );
  });

  it("stores an old name of a page loaded before the rename as the event it is now", () => {
    expect(accepted("intent", "checkout_session_success")).toEqual({
      category: "revenue",
      name: "checkout_session_created",
      path: "/",
    });
  });

  it("refuses a known name sent under another category", () => {
    expect(accepted("virality", "page_view")).toBeUndefined();
  });
});
