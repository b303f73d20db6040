/** What a membership plan costs a month: the one place the memberships read a plan's price. */
import { catalog, type MembershipId } from "~core/catalog";

export function planPriceCents(itemId: MembershipId): number {
  return catalog[itemId].priceCents;
}
