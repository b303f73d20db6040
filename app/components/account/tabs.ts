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
