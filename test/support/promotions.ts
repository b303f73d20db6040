/** The seed's promotions WELCOME10 and TAKE5 as the shop confirms them, for the tests' carts. */
import type { Promotion } from "../../core/pricing";

export const welcome10: Promotion = {
  code: "WELCOME10",
  couponId: "WELCOME10",
  percentOff: 10,
  amountOffCents: null,
  freeShipping: false,
  eligibleItemIds: null,
  minSubtotalCents: 0,
  perCustomerLimited: false,
};

export const take5: Promotion = {
  ...welcome10,
  code: "TAKE5",
  couponId: "TAKE5",
  percentOff: null,
  amountOffCents: 500,
};
