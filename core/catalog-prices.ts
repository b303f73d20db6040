/**
 * An item's prices over time: each change the owner made, now or for a later date. The shop
 * charges the latest change that has started; a plan's members are charged a change only from 30
 * days after they were told of it.
 */
import type { ItemKind } from "./catalog";

/** How long before a plan's new price reaches its existing members, who are e-mailed when it is set. */
export const planPriceNoticeDays = 30;

const dayMs = 24 * 60 * 60 * 1000;

/** When the prices the shop opened with started: before any order or membership. */
export const openingPriceDate = new Date("2000-01-01T00:00:00Z");

export interface PriceChange {
  priceCents: number;
  /** From when new carts and checkouts are charged it. */
  startsAt: Date;
  /** When the owner set it: the moment members were told of it. */
  decidedAt: Date;
}

/** The latest change started by `at`; null before the first. */
export function priceAt<T extends PriceChange>(changes: readonly T[], at: Date): T | null {
  let current: T | null = null;
  for (const change of changes) {
    if (change.startsAt.getTime() > at.getTime()) continue;
    if (!current || change.startsAt.getTime() >= current.startsAt.getTime()) current = change;
  }
  return current;
}

/** From when a plan's existing members pay a change: its start, but never before the notice ran out. */
export function membersFrom(change: Pick<PriceChange, "startsAt" | "decidedAt">): Date {
  const noticeEnds = change.decidedAt.getTime() + planPriceNoticeDays * dayMs;
  return new Date(Math.max(change.startsAt.getTime(), noticeEnds));
}

/**
 * The change a member who joined at `joinedAt` pays from `at` on: the latest decided after they
 * joined whose notice has run out; null when none has, and they keep the price they joined at.
 * A member who joined between a change's decision and its start was not told of it, so it never
 * reaches them; a later change does.
 */
export function memberPriceAt<T extends PriceChange>(
  changes: readonly T[],
  { joinedAt, at }: { joinedAt: Date; at: Date },
): T | null {
  const told = changes.filter(
    (change) =>
      change.decidedAt.getTime() >= joinedAt.getTime() &&
      membersFrom(change).getTime() <= at.getTime(),
  );
  return priceAt(told, at);
}

/** Changes not yet started, soonest first: what the item page lists as scheduled. */
export function scheduledChanges<T extends PriceChange>(changes: readonly T[], now: Date): T[] {
  return changes
    .filter((change) => change.startsAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether members must be told of a change: only plans bill existing customers again. */
export function needsMemberNotice(kind: ItemKind): boolean {
  return kind === "membership";
}
