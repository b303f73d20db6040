/**
 * The back office's customers: every e-mail that paid or registered, as an account or as a
 * guest (one who paid without an account, until an account proves it owns the e-mail); what it
 * shows of each, and how it names them.
 */
export const customerKinds = ["account", "guest"] as const;
export type CustomerKind = (typeof customerKinds)[number];

export const customerKindLabels: Record<CustomerKind, string> = {
  account: "Account",
  guest: "Guest",
};

/** A customer as the customers list and the head of their page show them. */
export interface CustomerSummary {
  /** The customer's id in the back office (`customerId`): the account's, or the guest's. */
  id: string;
  kind: CustomerKind;
  name: string;
  email: string;
  /** A guest's e-mail is never verified: verifying it makes the guest an account's. */
  emailVerified: boolean;
  /** When the account was opened, or the guest first paid. */
  joinedAt: Date;
  orderCount: number;
  /** What the customer's orders came to, less what was refunded. */
  lifetimeSpendCents: number;
  activeMemberships: number;
}

/** Account and guest ids: letters, digits, `-` and `_` (Better Auth's, and random ones). */
const recordId = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Guests' ids in the back office start with this: a `.` is in no account's id, so a guest's id
 * can never be taken for an account's, nor the other way round.
 */
export const guestIdPrefix = "guest.";

/** The back-office customer id of the guest `guestId`. */
export function guestCustomerId(guestId: string): string {
  return `${guestIdPrefix}${guestId}`;
}

/** Which account or guest a back-office customer id names; null when it names nobody. */
export function parseCustomerId(text: string): { kind: CustomerKind; id: string } | null {
  const kind = text.startsWith(guestIdPrefix) ? "guest" : "account";
  const id = kind === "guest" ? text.slice(guestIdPrefix.length) : text;
  return recordId.test(id) ? { kind, id } : null;
}

/** The back-office page of the customer `customerId`. */
export function customerHref(customerId: string): string {
  return `/admin/customers/${customerId}`;
}

/** The name an account is shown by; an account without one is shown by its e-mail. */
export function customerName(customer: Pick<CustomerSummary, "name" | "email">): string {
  return customer.name.trim() || customer.email;
}
