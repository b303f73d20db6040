/** The back office's customers: what it shows of an account, and how it names one. */
import type { OrderStatuses } from "../order-status";

/** An account as the customers list and the head of its page show it. */
export interface CustomerSummary {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  joinedAt: Date;
  orderCount: number;
  /** What the customer's orders came to, less what was refunded. */
  lifetimeSpendCents: number;
  activeMemberships: number;
}

/** One of the customer's orders, as their page lists it. */
export interface CustomerOrder extends OrderStatuses {
  id: string;
  kind: "purchase" | "renewal";
  createdAt: Date;
  totalCents: number;
  refundedCents: number;
}

/** Where an order was shipped. */
export interface ShippedTo {
  shipTo: string | null;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string };
}

/** Customer ids are Better Auth's: letters, digits, `-` and `_`; anything else names nobody. */
export function isCustomerId(text: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(text);
}

/** The name an account is shown by; an account without one is shown by its e-mail. */
export function customerName(customer: Pick<CustomerSummary, "name" | "email">): string {
  return customer.name.trim() || customer.email;
}
