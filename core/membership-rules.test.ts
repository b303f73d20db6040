import { describe, expect, it } from "vitest";
import { specCatalog } from "./catalog";
import {
  afterDeclined,
  afterGivingUp,
  afterPaid,
  afterSkipped,
  allowedChanges,
  applyMemberChange,
  type ChangeOutcome,
  defaultDunningPolicy,
  dueStep,
  type MembershipState,
  maxQuantity,
  membershipYearsAt,
  nextBill,
  nextDunningAt,
  oneMonthAfter,
  reminderDue,
  retriesLeft,
  termsReminderDue,
} from "./membership-rules";

describe("one month after", () => {
  it("keeps the day and the time", () => {
    expect(oneMonthAfter(new Date("2026-03-14T09:30:00Z")).toISOString()).toBe(
      "2026-04-14T09:30:00.000Z",
    );
  });

  it("moves the 31st to the last day of a shorter month, leap years included", () => {
    expect(oneMonthAfter(new Date("2026-01-31T12:00:00Z")).toISOString()).toBe(
      "2026-02-28T12:00:00.000Z",
    );
    expect(oneMonthAfter(new Date("2028-01-31T12:00:00Z")).toISOString()).toBe(
      "2028-02-29T12:00:00.000Z",
    );
    expect(oneMonthAfter(new Date("2026-08-31T00:00:00Z")).toISOString()).toBe(
      "2026-09-30T00:00:00.000Z",
    );
  });

  it("crosses the year", () => {
    expect(oneMonthAfter(new Date("2026-12-15T00:00:00Z")).toISOString()).toBe(
      "2027-01-15T00:00:00.000Z",
    );
  });
});

const start = new Date("2026-11-22T10:00:00Z");
const next = new Date("2026-12-22T10:00:00Z");
const active: MembershipState = {
  status: "active",
  itemId: "everydayLuxury",
  quantity: 1,
  unitPriceCents: 4900,
  nextInvoiceAt: next,
  pausedFrom: null,
  skippedInvoiceAt: null,
  pendingItemId: null,
  pendingUnitPriceCents: null,
  cancelAt: null,
  cancelOfferMade: false,
  failedAttempts: 0,
  failedAt: null,
  hardDecline: false,
};

function changed(outcome: ChangeOutcome): MembershipState {
  if (outcome.outcome === "refused") throw new Error(outcome.message);
  return outcome.state;
}

describe("a member's changes", () => {
  it("pauses from the next bill for 1 to 3 months, and resumes on the paused bill's date", () => {
    const paused = changed(
      applyMemberChange(active, { kind: "pause", months: 3 }, start, specCatalog),
    );
    expect(paused).toMatchObject({ status: "paused", pausedFrom: next });
    expect(paused.nextInvoiceAt).toEqual(new Date("2027-03-22T10:00:00Z"));
    expect(dueStep(paused, defaultDunningPolicy, new Date("2027-01-22T10:00:00Z"))).toEqual({
      step: "none",
    });
    const resumed = changed(applyMemberChange(paused, { kind: "resume" }, start, specCatalog));
    expect(resumed).toMatchObject({ status: "active", nextInvoiceAt: next, pausedFrom: null });
    expect(
      applyMemberChange(paused, { kind: "skip", invoiceAt: next }, start, specCatalog),
    ).toMatchObject({
      outcome: "refused",
    });
  });

  it("skips the next delivery once, and refuses a skip of another date", () => {
    const skipped = changed(
      applyMemberChange(active, { kind: "skip", invoiceAt: next }, start, specCatalog),
    );
    expect(dueStep(skipped, defaultDunningPolicy, next)).toEqual({ step: "skip" });
    expect(
      applyMemberChange(skipped, { kind: "skip", invoiceAt: next }, start, specCatalog),
    ).toEqual({
      outcome: "refused",
      message: "This delivery is already skipped",
    });
    expect(
      applyMemberChange(active, { kind: "skip", invoiceAt: start }, start, specCatalog).outcome,
    ).toBe("refused");
    expect(afterSkipped(skipped).nextInvoiceAt).toEqual(new Date("2027-01-22T10:00:00Z"));
  });

  it("changes plan from the next bill, at the new price times the quantity", () => {
    const upgraded = changed(
      applyMemberChange(
        { ...active, quantity: 2 },
        { kind: "change-plan", itemId: "trueConnoisseur", unitPriceCents: 6900 },
        start,
        specCatalog,
      ),
    );
    expect(nextBill(upgraded)).toEqual({ itemId: "trueConnoisseur", amountCents: 13800 });
    expect(upgraded.itemId).toBe("everydayLuxury");
    expect(afterPaid(upgraded, next)).toMatchObject({
      itemId: "trueConnoisseur",
      unitPriceCents: 6900,
      pendingItemId: null,
    });
    const back = changed(
      applyMemberChange(
        upgraded,
        { kind: "change-plan", itemId: "everydayLuxury", unitPriceCents: 4900 },
        start,
        specCatalog,
      ),
    );
    expect(back.pendingItemId).toBeNull();
  });

  it("takes quantities from 1 to the maximum and moves the date by 1 to 30 days", () => {
    expect(
      applyMemberChange(active, { kind: "quantity", quantity: 0 }, start, specCatalog).outcome,
    ).toBe("refused");
    expect(
      applyMemberChange(active, { kind: "quantity", quantity: maxQuantity + 1 }, start, specCatalog)
        .outcome,
    ).toBe("refused");
    expect(
      changed(applyMemberChange(active, { kind: "quantity", quantity: 3 }, start, specCatalog))
        .quantity,
    ).toBe(3);
    expect(
      applyMemberChange(active, { kind: "move-date", days: 31 }, start, specCatalog).outcome,
    ).toBe("refused");
    expect(
      changed(applyMemberChange(active, { kind: "move-date", days: 30 }, start, specCatalog))
        .nextInvoiceAt,
    ).toEqual(new Date("2027-01-21T10:00:00Z"));
  });

  it("offers once, then cancels at the end of the paid period", () => {
    const cancel = { kind: "cancel", reason: "price", declineOffer: false } as const;
    const offered = applyMemberChange(active, cancel, start, specCatalog);
    expect(offered.outcome).toBe("offer");
    const cancelled = changed(applyMemberChange(changed(offered), cancel, start, specCatalog));
    expect(cancelled).toMatchObject({ status: "active", cancelAt: next });
    expect(allowedChanges(cancelled).size).toBe(0);
    expect(dueStep(cancelled, defaultDunningPolicy, next)).toEqual({ step: "end-cancelled" });
  });

  it("cancels at once while a payment has failed", () => {
    const failed = afterDeclined(active, false, next);
    expect(allowedChanges(failed)).toEqual(new Set(["cancel"]));
    const cancelled = changed(
      applyMemberChange(
        failed,
        { kind: "cancel", reason: null, declineOffer: true },
        start,
        specCatalog,
      ),
    );
    expect(cancelled.status).toBe("canceled");
  });
});

describe("dunning", () => {
  it("retries 1, 3, 5 and 7 days after the first decline, then gives up", () => {
    let state = afterDeclined(active, false, next);
    const retries: Date[] = [];
    while (retriesLeft(state, defaultDunningPolicy)) {
      const at = nextDunningAt(state, defaultDunningPolicy);
      if (!at) throw new Error("no retry");
      retries.push(at);
      state = afterDeclined(state, false, at);
    }
    expect(retries.map((date) => (date.getTime() - next.getTime()) / 86_400_000)).toEqual([
      1, 3, 5, 7,
    ]);
    expect(afterGivingUp(state, defaultDunningPolicy, next).status).toBe("canceled");
    expect(afterGivingUp(state, { ...defaultDunningPolicy, finally: "pause" }, next).status).toBe(
      "paused",
    );
  });

  it("never retries a hard decline: it gives up on the last retry day", () => {
    const lost = afterDeclined(active, true, next);
    expect(retriesLeft(lost, defaultDunningPolicy)).toBe(false);
    expect(dueStep(lost, defaultDunningPolicy, new Date("2026-12-28T10:00:00Z"))).toEqual({
      step: "none",
    });
    expect(dueStep(lost, defaultDunningPolicy, new Date("2026-12-29T10:00:00Z"))).toEqual({
      step: "give-up",
    });
  });

  it("reminds in the three days before a charge that will happen", () => {
    expect(reminderDue(active, null, new Date("2026-12-18T10:00:00Z"))).toBe(false);
    expect(reminderDue(active, null, new Date("2026-12-19T10:00:00Z"))).toBe(true);
    expect(reminderDue(active, next, new Date("2026-12-20T10:00:00Z"))).toBe(false);
    expect(
      reminderDue({ ...active, skippedInvoiceAt: next }, null, new Date("2026-12-20T10:00:00Z")),
    ).toBe(false);
  });
});

describe("a skip from a form", () => {
  it("names the bill to the second, as the account shows it", () => {
    const withMs = { ...active, nextInvoiceAt: new Date("2026-12-22T10:00:00.789Z") };
    const fromForm = new Date(Math.floor(withMs.nextInvoiceAt.getTime() / 1000) * 1000);
    expect(
      applyMemberChange(withMs, { kind: "skip", invoiceAt: fromForm }, start, specCatalog).outcome,
    ).toBe("changed");
  });
});

describe("the yearly reminder of the terms", () => {
  const started = new Date("2026-11-22T10:00:00Z");

  it("counts the membership years ended by each anniversary", () => {
    expect(membershipYearsAt(started, new Date("2027-11-22T09:59:59Z"))).toBe(0);
    expect(membershipYearsAt(started, new Date("2027-11-22T10:00:00Z"))).toBe(1);
    expect(membershipYearsAt(started, new Date("2029-01-01T00:00:00Z"))).toBe(2);
    expect(membershipYearsAt(started, new Date("2026-01-01T00:00:00Z"))).toBe(0);
    // A membership started on 29 February has its anniversary on the 28th in other years.
    const leap = new Date("2028-02-29T12:00:00Z");
    expect(membershipYearsAt(leap, new Date("2029-02-28T12:00:00Z"))).toBe(1);
  });

  it("is due once per year, never for a cancelled membership", () => {
    const anniversary = new Date("2027-11-22T10:00:00Z");
    expect(termsReminderDue({ status: "active" }, started, 0, anniversary)).toBe(1);
    expect(termsReminderDue({ status: "past_due" }, started, 0, anniversary)).toBe(1);
    expect(termsReminderDue({ status: "paused" }, started, 0, anniversary)).toBe(1);
    expect(termsReminderDue({ status: "active" }, started, 1, anniversary)).toBeNull();
    expect(termsReminderDue({ status: "canceled" }, started, 0, anniversary)).toBeNull();
  });
});
