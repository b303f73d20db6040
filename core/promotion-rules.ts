/**
 * The rules of a promotion's terms: when a code may be used at all (paused, its window), how many
 * times (in total and per customer), and what each kind takes off.
 */
import { type ItemId, itemIds } from "./catalog";
import { formatMoney } from "./money";

export const promotionKinds = ["percent", "amount", "freeShipping"] as const;
export type PromotionKind = (typeof promotionKinds)[number];

export const promotionKindLabels = {
  percent: "Percent off",
  amount: "Fixed amount off",
  freeShipping: "Free shipping",
} as const satisfies Record<PromotionKind, string>;

/** A use held by an open checkout, paid, or given back (cancelled, expired or taken over). */
export const promotionUseStatuses = ["reserved", "used", "released"] as const;
export type PromotionUseStatus = (typeof promotionUseStatuses)[number];

/** What decides whether a code may be used now, apart from the cart. */
export interface PromotionTerms {
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
}

/** A code's uses that count: paid ones and those reserved by a checkout still open. */
export interface PromotionUseCounts {
  total: number;
  /** The uses of the shopper's e-mail; null when the e-mail is not known. */
  byCustomer: number | null;
}

/** Why a code is not usable whatever the cart holds. */
export type TermsRefusal = "expired" | "invalid" | "limitReached" | "alreadyUsed";

/** A refusal that names the code: every one but 'not valid', which says nothing of the code. */
export type NamedRefusal = Exclude<TermsRefusal, "invalid">;

/**
 * A paused code and a code past its end have expired; one not started yet is not valid (it
 * says nothing of a promotion to come). Then the limits: the total first, then the shopper's.
 */
export function termsRefusal(
  terms: PromotionTerms,
  uses: PromotionUseCounts,
  now: Date,
): TermsRefusal | null {
  if (!terms.active) return "expired";
  if (terms.endsAt && now.getTime() >= terms.endsAt.getTime()) return "expired";
  if (terms.startsAt && now.getTime() < terms.startsAt.getTime()) return "invalid";
  if (terms.totalLimit !== null && uses.total >= terms.totalLimit) return "limitReached";
  if (
    terms.perCustomerLimit !== null &&
    uses.byCustomer !== null &&
    uses.byCustomer >= terms.perCustomerLimit
  ) {
    return "alreadyUsed";
  }
  return null;
}

/** Whether a checkout with this code must hold one of its uses. */
export function isLimited(terms: Pick<PromotionTerms, "totalLimit" | "perCustomerLimit">): boolean {
  return terms.totalLimit !== null || terms.perCustomerLimit !== null;
}

/** The kind of a promotion row: which of its amounts is set. */
export function promotionKindOf(row: {
  percentOff: number | null;
  amountOffCents: number | null;
}): PromotionKind {
  if (row.percentOff !== null) return "percent";
  if (row.amountOffCents !== null) return "amount";
  return "freeShipping";
}

/** The eligible items a row keeps, or null for the catalog's discount-eligible ones. */
export function eligibleItemsOf(stored: readonly string[] | null): ItemId[] | null {
  if (stored === null) return null;
  const known = new Set<string>(itemIds);
  return stored.filter((id): id is ItemId => known.has(id));
}

/** Where a promotion stands, as the owner's list says it. */
export const promotionStates = ["active", "paused", "scheduled", "ended", "usedUp"] as const;
export type PromotionState = (typeof promotionStates)[number];

export const promotionStateLabels = {
  active: "Active",
  paused: "Paused",
  scheduled: "Scheduled",
  ended: "Ended",
  usedUp: "Limit reached",
} as const satisfies Record<PromotionState, string>;

export function promotionState(
  terms: PromotionTerms,
  uses: Pick<PromotionUseCounts, "total">,
  now: Date,
): PromotionState {
  const refusal = termsRefusal(terms, { total: uses.total, byCustomer: null }, now);
  if (refusal === "limitReached") return "usedUp";
  if (refusal === "invalid") return "scheduled";
  if (refusal === "expired") return terms.active ? "ended" : "paused";
  return "active";
}

/** What a promotion takes off, in words: `10% off`, `$5 off`, `Free shipping`. */
export function discountWords(row: { percentOff: number | null; amountOffCents: number | null }) {
  switch (promotionKindOf(row)) {
    case "percent":
      return `${row.percentOff}% off`;
    case "amount":
      return `${formatMoney(row.amountOffCents ?? 0)} off`;
    case "freeShipping":
      return "Free shipping";
  }
}
