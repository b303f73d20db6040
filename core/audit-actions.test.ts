import { describe, expect, it } from "vitest";
import {
  auditActionLabels,
  auditActionOf,
  isAuditAction,
  legacyAuditActions,
  recordedNamesOf,
} from "./audit-actions";
import { fulfilmentSteps } from "./fulfilment";

const actions = Object.keys(auditActionLabels);

describe("the audit actions", () => {
  it("spells every action as a subject and what was done, in snake case", () => {
    for (const action of actions) expect(action).toMatch(/^[a-z]+\.[a-z]+(_[a-z]+)*$/);
  });

  it("gives every action its own words", () => {
    const labels = Object.values(auditActionLabels);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("has an action for every fulfilment step, named by the status it leads to", () => {
    for (const step of Object.keys(fulfilmentSteps))
      expect(isAuditAction(`order.${step}`)).toBe(true);
  });

  it("reads the names older rows keep as the actions they are now", () => {
    expect(auditActionOf("order.readyForPickup")).toBe("order.ready_for_pickup");
    expect(auditActionOf("order.pickedUp")).toBe("order.picked_up");
    for (const [older, now] of Object.entries(legacyAuditActions)) {
      expect(isAuditAction(older)).toBe(false);
      expect(auditActionOf(older)).toBe(now);
    }
  });

  it("reads every action as itself, and nothing else as an action", () => {
    for (const action of actions) expect(auditActionOf(action)).toBe(action);
    for (const name of ["order.ReadyForPickup", "order", "toString", "__proto__", ""]) {
      expect(auditActionOf(name)).toBeNull();
    }
  });

  it("lists each name rows of an action may carry, its own first", () => {
    expect(recordedNamesOf("order.ready_for_pickup")).toEqual([
      "order.ready_for_pickup",
      "order.readyForPickup",
    ]);
    expect(recordedNamesOf("order.shipped")).toEqual(["order.shipped"]);
    for (const action of actions.filter(isAuditAction)) {
      for (const name of recordedNamesOf(action)) expect(auditActionOf(name)).toBe(action);
    }
  });
});
