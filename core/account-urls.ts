/** Where a shopper's own pages live: the account's tabs and a guest's create-account page. */

/** The account page's tabs, chosen by `?tab=`; account information is the default. */
export const accountTabs = [
  { id: "account-info", label: "Account information" },
  { id: "shipping-info", label: "Shipping information" },
  { id: "payment-methods", label: "Payment methods" },
  { id: "orders", label: "Orders" },
  { id: "memberships", label: "Memberships" },
] as const;

export type AccountTab = (typeof accountTabs)[number]["id"];

export function accountTabOf(value: string | null): AccountTab {
  return accountTabs.find((tab) => tab.id === value)?.id ?? "account-info";
}

export function accountTabHref(tab: AccountTab): string {
  return `/account?tab=${tab}`;
}

/** Where the orders tab's 'Buy again' form of an order posts. */
export function buyAgainHref(orderId: string): string {
  return `/account/orders/${encodeURIComponent(orderId)}/buy-again`;
}

/** A guest's page for the orders of one checkout: create the account, or see the orders. */
export function guestOrdersHref(guestId: string): string {
  return `/create-account?guestId=${encodeURIComponent(guestId)}`;
}

/** Where an order is followed: the account's orders tab for users, the guest page for guests. */
export function orderTrackHref(order: { userId: string | null; guestId: string | null }): string {
  if (order.userId || !order.guestId) return accountTabHref("orders");
  return guestOrdersHref(order.guestId);
}
