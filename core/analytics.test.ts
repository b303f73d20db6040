import { describe, expect, it } from "vitest";
import {
  analyticsEvents,
  currentAnalyticsEvent,
  eventCategories,
  isAnalyticsEventName,
  legacyAnalyticsEvents,
} from "./analytics";

const tableEvents = Object.entries(analyticsEvents);

describe("the analytics events", () => {
  it("names every event in snake case, in one of the spec's categories", () => {
    for (const [name, category] of tableEvents) {
      expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(eventCategories).toContain(category);
    }
  });

  it("gives every category at least one event", () => {
    expect(new Set(Object.values(analyticsEvents))).toEqual(new Set(eventCategories));
  });

  it("takes each event of the table as it is", () => {
    for (const [name, category] of tableEvents) {
      expect(currentAnalyticsEvent(category, name)).toEqual({ category, name });
    }
  });

  it("takes the events of pages loaded before a rename as they are named now", () => {
    expect(currentAnalyticsEvent("intent", "checkout_session_success")).toEqual({
      category: "revenue",
      name: "checkout_session_created",
    });
    expect(currentAnalyticsEvent("intent", "checkout_session_error")).toEqual({
      category: "revenue",
      name: "checkout_session_error",
    });
    expect(currentAnalyticsEvent("engagement", "access_code_submit")).toEqual({
      category: "intent",
      name: "access_code_submit",
    });
  });

  it("keeps only old names that differ from the table, each leading to one of its events", () => {
    for (const legacy of legacyAnalyticsEvents) {
      expect(analyticsEvents[legacy.now]).toBeDefined();
      expect(
        isAnalyticsEventName(legacy.name) && analyticsEvents[legacy.name] === legacy.category,
      ).toBe(false);
    }
  });

  it.each([
    ["account", "form_submit"],
    ["authentication", "sign_in_error"],
    ["account", "membership_cancelled"],
    ["revenue", "checkout_session_success"],
    ["virality", "page_view"],
    ["engagement", "toString"],
    ["engagement", "__proto__"],
    ["tracking", "page_view"],
  ])("refuses %s %s, which is not one of the shop's events", (category, name) => {
    expect(currentAnalyticsEvent(category, name)).toBeNull();
  });
});
