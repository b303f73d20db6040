/**
 * A membership's life as pure rules: what a member may change and what each change does, what
 * the monthly billing run does when a date falls due, and the dunning schedule after a declined
 * renewal. The server reads a membership, asks these rules, and writes what they answer.
 */

import type { MembershipStatus } from "./admin/memberships";
import { type Catalog, type MembershipId, membershipIds } from "./catalog";
import { formatDate } from "./dates";
import { formatMoney } from "./money";

/** The same day `months` months later, at the same time; the 31st becomes a shorter month's last day. */
export function monthsAfter(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}

/** The same day next month, as card networks and Stripe bill. */
export function oneMonthAfter(date: Date): Date {
  return monthsAfter(date, 1);
}

const dayMs = 86_400_000;

export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * dayMs);
}

/** Pauses last one, two or three months. */
export const pauseMonths = [1, 2, 3] as const;
export type PauseMonths = (typeof pauseMonths)[number];

/** How many boxes a month one membership may ship. */
export const maxQuantity = 5;

/** How far the next billing date may be moved, in days. */
export const maxMoveDays = 30;

/** The reminder goes out this many days before each charge. */
export const reminderDaysBefore = 3;

/** The terms a member agrees to at sign-up; a new text gets a new version. */
export const membershipTermsVersion = "2026-11";

export const membershipTermsText =
  "Your membership renews every month at the plan's price until you cancel. You may pause, skip " +
  "a month, change plan or cancel from your account at any time; a cancellation takes effect at " +
  "the end of the month already paid for.";

/** What the checkout of a membership shows before paying: the terms, and their version. */
export const membershipTermsNotice = `By subscribing you agree to the membership terms (version ${membershipTermsVersion}): ${membershipTermsText}`;

/**
 * The shop's page of the card-update link `token`, whichever provider bills the membership: it
 * names the membership, and its button opens the provider's hosted page for a new card.
 */
export function cardUpdateHref(token: string): string {
  return `/membership/card/${encodeURIComponent(token)}`;
}

/** Why members cancel, as the cancellation form offers it (the answer is optional). */
export const cancelReasons = {
  "too-much-oil": "I have more oil than I can use",
  price: "It costs more than I want to spend",
  taste: "The oil is not to my taste",
  moving: "I am moving or travelling",
  other: "Another reason",
} as const;
export type CancelReason = keyof typeof cancelReasons;

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === "string" && Object.hasOwn(cancelReasons, value);
}

/** A membership as the rules see it. */
export interface MembershipState {
  status: MembershipStatus;
  itemId: MembershipId;
  quantity: number;
  unitPriceCents: number;
  /** The next charge; while paused, the day billing starts again. */
  nextInvoiceAt: Date;
  /** While paused: the end of the last month paid for before the pause. */
  pausedFrom: Date | null;
  /** The charge date that will be skipped, once. */
  skippedInvoiceAt: Date | null;
  /** The plan, and its price, from the next bill on. */
  pendingItemId: MembershipId | null;
  pendingUnitPriceCents: number | null;
  /** The end of the paid period, when the member cancelled before it. */
  cancelAt: Date | null;
  /** Whether the member was offered a pause or a skip instead of cancelling (offered once). */
  cancelOfferMade: boolean;
  /** Declined attempts at the open renewal. */
  failedAttempts: number;
  /** The first decline of the open renewal. */
  failedAt: Date | null;
  /** The decline was hard (a lost or stolen card, an invalid number): no retries. */
  hardDecline: boolean;
}

/** What a member may ask for. */
export type MemberChange =
  | { kind: "pause"; months: PauseMonths }
  | { kind: "resume" }
  | { kind: "skip"; invoiceAt: Date }
  | { kind: "change-plan"; itemId: MembershipId; unitPriceCents: number }
  | { kind: "quantity"; quantity: number }
  | { kind: "move-date"; days: number }
  | { kind: "cancel"; reason: CancelReason | null; declineOffer: boolean };

/** What a member's form asks, before the server adds what it knows (prices). */
export type MemberRequest =
  | Exclude<MemberChange, { kind: "change-plan" }>
  | { kind: "change-plan"; itemId: MembershipId }
  | { kind: "ship-now" };

export type ChangeOutcome =
  | { outcome: "changed"; state: MembershipState; summary: string }
  /** Cancelling for the first time: the offer is shown, the membership is unchanged but for that. */
  | { outcome: "offer"; state: MembershipState }
  | { outcome: "refused"; message: string };

const refused = (message: string): ChangeOutcome => ({ outcome: "refused", message });

export function planName(catalog: Catalog, itemId: MembershipId): string {
  return catalog[itemId].name;
}

/** The plan that the next bill charges, and at what price. */
export function nextBill(state: MembershipState): { itemId: MembershipId; amountCents: number } {
  const itemId = state.pendingItemId ?? state.itemId;
  const unit = state.pendingUnitPriceCents ?? state.unitPriceCents;
  return { itemId, amountCents: unit * state.quantity };
}

/** When a cancellation takes effect: the end of the period already paid for. */
export function cancellationDate(state: MembershipState, now: Date): Date {
  if (state.status === "past_due") return now;
  if (state.status === "paused") {
    return state.pausedFrom && state.pausedFrom > now ? state.pausedFrom : now;
  }
  return state.nextInvoiceAt;
}

/** The changes a membership in `status` allows, for the account's controls. */
export function allowedChanges(state: MembershipState): ReadonlySet<MemberChange["kind"]> {
  if (state.status === "canceled") return new Set();
  if (state.cancelAt) return new Set();
  if (state.status === "past_due") return new Set(["cancel"]);
  if (state.status === "paused") return new Set(["resume", "cancel"]);
  return new Set(["pause", "skip", "change-plan", "quantity", "move-date", "cancel"]);
}

function isAllowed(state: MembershipState, kind: MemberChange["kind"]): boolean {
  return allowedChanges(state).has(kind);
}

function notNow(state: MembershipState): string {
  if (state.status === "canceled") return "This membership is cancelled";
  if (state.cancelAt) return "This membership ends soon: it can no longer be changed";
  if (state.status === "past_due") return "Please update your card first: the last payment failed";
  if (state.status === "paused") return "This membership is paused: resume it first";
  return "This membership is not paused";
}

/** Applies a member's change to the membership as it is `now`. */
export function applyMemberChange(
  state: MembershipState,
  change: MemberChange,
  now: Date,
  catalog: Catalog,
): ChangeOutcome {
  if (!isAllowed(state, change.kind)) return refused(notNow(state));
  switch (change.kind) {
    case "pause": {
      const resumesAt = monthsAfter(state.nextInvoiceAt, change.months);
      return {
        outcome: "changed",
        state: {
          ...state,
          status: "paused",
          pausedFrom: state.nextInvoiceAt,
          nextInvoiceAt: resumesAt,
          skippedInvoiceAt: null,
        },
        summary: `Paused for ${change.months} month${change.months === 1 ? "" : "s"}: billing starts again on ${formatDate(resumesAt)}.`,
      };
    }
    case "resume": {
      const nextInvoiceAt = state.pausedFrom && state.pausedFrom > now ? state.pausedFrom : now;
      return {
        outcome: "changed",
        state: { ...state, status: "active", pausedFrom: null, nextInvoiceAt },
        summary: `Resumed: the next bill is on ${formatDate(nextInvoiceAt)}.`,
      };
    }
    case "skip": {
      // Forms name the bill to the second, as the account shows billing dates.
      const second = (date: Date) => Math.floor(date.getTime() / 1000);
      if (second(change.invoiceAt) !== second(state.nextInvoiceAt)) {
        return refused("The next delivery changed meanwhile: please check it and try again");
      }
      if (state.skippedInvoiceAt?.getTime() === state.nextInvoiceAt.getTime()) {
        return refused("This delivery is already skipped");
      }
      return {
        outcome: "changed",
        state: { ...state, skippedInvoiceAt: state.nextInvoiceAt },
        summary: `The delivery of ${formatDate(state.nextInvoiceAt)} is skipped: no charge that month.`,
      };
    }
    case "change-plan": {
      if (change.itemId === state.itemId) {
        if (state.pendingItemId === null) return refused("This is already your plan");
        return {
          outcome: "changed",
          state: { ...state, pendingItemId: null, pendingUnitPriceCents: null },
          summary: `You stay on ${planName(catalog, state.itemId)}.`,
        };
      }
      const next = {
        ...state,
        pendingItemId: change.itemId,
        pendingUnitPriceCents: change.unitPriceCents,
      };
      const bill = nextBill(next);
      return {
        outcome: "changed",
        state: next,
        summary: `From ${formatDate(state.nextInvoiceAt)}: ${planName(catalog, change.itemId)} at ${formatMoney(bill.amountCents)} a month.`,
      };
    }
    case "quantity": {
      if (
        !Number.isInteger(change.quantity) ||
        change.quantity < 1 ||
        change.quantity > maxQuantity
      ) {
        return refused(`Please choose between 1 and ${maxQuantity} boxes`);
      }
      if (change.quantity === state.quantity) return refused("This is already your quantity");
      const next = { ...state, quantity: change.quantity };
      return {
        outcome: "changed",
        state: next,
        summary: `${change.quantity} box${change.quantity === 1 ? "" : "es"} a month from ${formatDate(state.nextInvoiceAt)}, ${formatMoney(nextBill(next).amountCents)} a month.`,
      };
    }
    case "move-date": {
      if (!Number.isInteger(change.days) || change.days < 1 || change.days > maxMoveDays) {
        return refused(`Please move the date by 1 to ${maxMoveDays} days`);
      }
      const nextInvoiceAt = daysAfter(state.nextInvoiceAt, change.days);
      return {
        outcome: "changed",
        state: { ...state, nextInvoiceAt, skippedInvoiceAt: null },
        summary: `The next bill moves to ${formatDate(nextInvoiceAt)}.`,
      };
    }
    case "cancel": {
      if (!state.cancelOfferMade && !change.declineOffer && state.status === "active") {
        return { outcome: "offer", state: { ...state, cancelOfferMade: true } };
      }
      const cancelAt = cancellationDate(state, now);
      const immediate = cancelAt.getTime() <= now.getTime();
      return {
        outcome: "changed",
        state: immediate
          ? { ...state, status: "canceled", cancelAt }
          : { ...state, cancelAt, cancelOfferMade: true },
        summary: immediate
          ? "Cancelled today: you will not be billed again."
          : `Cancelled: your last paid month runs until ${formatDate(cancelAt)}; you will not be billed again.`,
      };
    }
  }
}

// ---------------------------------------------------------------------------
// The billing run

/** How dunning goes on after a declined renewal (a setting in the back office). */
export interface DunningPolicy {
  /** Days after the first decline on which the renewal is tried again. */
  retryDays: readonly number[];
  /** What happens after the last failure. */
  finally: "cancel" | "pause";
}

export const defaultDunningPolicy: DunningPolicy = { retryDays: [1, 3, 5, 7], finally: "cancel" };

/** What the billing run must do for one membership `now`. */
export type DueStep =
  | { step: "none" }
  | { step: "end-cancelled" }
  | { step: "resume-and-charge" }
  | { step: "skip" }
  | { step: "charge" }
  | { step: "retry" }
  | { step: "give-up" };

/** When the dunning of a failed renewal acts next: a retry, or the end. */
export function nextDunningAt(state: MembershipState, policy: DunningPolicy): Date | null {
  if (state.status !== "past_due" || !state.failedAt) return null;
  const last = policy.retryDays.at(-1) ?? 0;
  if (state.hardDecline) return daysAfter(state.failedAt, last);
  const retryIndex = state.failedAttempts - 1;
  const days = policy.retryDays[retryIndex];
  return days === undefined ? state.failedAt : daysAfter(state.failedAt, days);
}

/** Whether the failure just recorded was the last: no retry is left. */
export function retriesLeft(state: MembershipState, policy: DunningPolicy): boolean {
  return !state.hardDecline && state.failedAttempts <= policy.retryDays.length;
}

export function dueStep(state: MembershipState, policy: DunningPolicy, now: Date): DueStep {
  const due = (date: Date | null) => date !== null && date.getTime() <= now.getTime();
  switch (state.status) {
    case "canceled":
      return { step: "none" };
    case "past_due": {
      if (!due(nextDunningAt(state, policy))) return { step: "none" };
      return state.hardDecline ? { step: "give-up" } : { step: "retry" };
    }
    case "paused":
      if (state.cancelAt && due(state.cancelAt)) return { step: "end-cancelled" };
      return due(state.nextInvoiceAt) ? { step: "resume-and-charge" } : { step: "none" };
    case "active": {
      if (state.cancelAt && due(state.cancelAt)) return { step: "end-cancelled" };
      if (!due(state.nextInvoiceAt)) return { step: "none" };
      return state.skippedInvoiceAt?.getTime() === state.nextInvoiceAt.getTime()
        ? { step: "skip" }
        : { step: "charge" };
    }
  }
}

/** The membership as the next bill charges it: a pending plan becomes the plan. */
export function withPendingPlan(state: MembershipState): MembershipState {
  if (!state.pendingItemId) return state;
  return {
    ...state,
    itemId: state.pendingItemId,
    unitPriceCents: state.pendingUnitPriceCents ?? state.unitPriceCents,
    pendingItemId: null,
    pendingUnitPriceCents: null,
  };
}

/** After a paid renewal for the period starting `periodStart`. */
export function afterPaid(state: MembershipState, periodStart: Date): MembershipState {
  return {
    ...withPendingPlan(state),
    status: "active",
    pausedFrom: null,
    nextInvoiceAt: oneMonthAfter(periodStart),
    failedAttempts: 0,
    failedAt: null,
    hardDecline: false,
  };
}

/** After a declined attempt at the open renewal. */
export function afterDeclined(state: MembershipState, hard: boolean, now: Date): MembershipState {
  return {
    ...state,
    status: "past_due",
    pausedFrom: null,
    failedAttempts: state.failedAttempts + 1,
    failedAt: state.failedAt ?? now,
    hardDecline: state.hardDecline || hard,
  };
}

/** After the last failure: cancelled, or paused for a month, per the policy. */
export function afterGivingUp(
  state: MembershipState,
  policy: DunningPolicy,
  now: Date,
): MembershipState {
  const cleared = { ...state, failedAttempts: 0, failedAt: null, hardDecline: false };
  return policy.finally === "cancel"
    ? { ...cleared, status: "canceled", cancelAt: now }
    : { ...cleared, status: "paused", pausedFrom: now, nextInvoiceAt: oneMonthAfter(now) };
}

/** A skipped month: no charge, the next bill a month later. */
export function afterSkipped(state: MembershipState): MembershipState {
  return { ...state, nextInvoiceAt: oneMonthAfter(state.nextInvoiceAt) };
}

/** Whether the renewal reminder for the next charge is due `now`. */
export function reminderDue(state: MembershipState, remindedFor: Date | null, now: Date): boolean {
  if (state.status !== "active" || state.cancelAt) return false;
  if (state.skippedInvoiceAt?.getTime() === state.nextInvoiceAt.getTime()) return false;
  if (remindedFor?.getTime() === state.nextInvoiceAt.getTime()) return false;
  const from = daysAfter(state.nextInvoiceAt, -reminderDaysBefore);
  return now.getTime() >= from.getTime() && now.getTime() < state.nextInvoiceAt.getTime();
}

/**
 * How many membership years have ended by `now` for a membership started at `startedAt`: each
 * anniversary of the start opens the next one, and with it the yearly reminder of the terms.
 */
export function membershipYearsAt(startedAt: Date, now: Date): number {
  let years = now.getUTCFullYear() - startedAt.getUTCFullYear();
  if (monthsAfter(startedAt, 12 * years).getTime() > now.getTime()) years -= 1;
  return Math.max(0, years);
}

/** The membership year whose reminder of the terms is due `now`; null when none is. */
export function termsReminderDue(
  state: Pick<MembershipState, "status">,
  startedAt: Date,
  lastRemindedYear: number,
  now: Date,
): number | null {
  if (state.status === "canceled") return null;
  const years = membershipYearsAt(startedAt, now);
  return years > lastRemindedYear ? years : null;
}

/** The plans a member can change to, with the price each would bill. */
export function planChoices(
  state: MembershipState,
  catalog: Catalog,
): Array<{ itemId: MembershipId; name: string; amountCents: number; current: boolean }> {
  return membershipIds.map((itemId) => ({
    itemId,
    name: planName(catalog, itemId),
    amountCents: catalog[itemId].priceCents * state.quantity,
    current: itemId === (state.pendingItemId ?? state.itemId),
  }));
}
