/** Memberships as the back office names them: their statuses, plans and ids. */

/**
 * A membership is billed monthly (active), paused for a few months, waits for a failed payment
 * to be made good (past due, 'Payment failed'), or ended.
 */
export const membershipStatuses = ["active", "paused", "past_due", "canceled"] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export const membershipStatusLabels: Record<MembershipStatus, string> = {
  active: "Active",
  paused: "Paused",
  past_due: "Payment failed",
  canceled: "Cancelled",
};

/** A membership as the back office shows it. */
export interface MembershipView {
  subscriptionItemId: string;
  /** The plan's name in the catalog. */
  plan: string;
  quantity: number;
  unitPriceCents: number;
  status: MembershipStatus;
  nextInvoiceAt: Date;
  canceledAt: Date | null;
}

/** A membership that can still be cancelled: one the provider still bills or tries to. */
export function isCancellable(status: MembershipStatus): boolean {
  return status !== "canceled";
}

/** A membership is named by its subscription item: the sandbox's `si_sandbox_…`, Stripe's `si_…`. */
export function isSubscriptionItemId(text: string): boolean {
  return /^si_[A-Za-z0-9_-]{1,100}$/.test(text);
}

/** Where the cancellation page goes back to: a back-office page, else the memberships list. */
export function cancellationReturnPath(value: unknown): string {
  const backOffice = /^\/admin\/[\w-]/;
  return typeof value === "string" && backOffice.test(value) ? value : "/admin/memberships";
}

/** The cancellation page of a membership, coming from the back-office page `back`. */
export function cancellationPath(subscriptionItemId: string, back: string): string {
  return `/admin/memberships/${encodeURIComponent(subscriptionItemId)}/cancel?back=${encodeURIComponent(back)}`;
}

/** A membership's page in the back office: its state, consent and timeline. */
export function membershipHref(subscriptionItemId: string): string {
  return `/admin/memberships/${encodeURIComponent(subscriptionItemId)}`;
}
