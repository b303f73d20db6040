/** Every e-mail the shop sends, with the data its template needs. */
import type { PackingSlip } from "~core/admin/packing-slip";
import type { ListPriceLine } from "~core/order-summary";

export interface MailPayloads {
  "order-confirmation": {
    customerName: string;
    orderId: string;
    /** The account's orders tab for users, the create-account page for guests. */
    trackUrl: string;
    items: ListPriceLine[];
    hasLocalPickup: boolean;
    shippingCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
    /** A membership's monthly order rather than a purchase at checkout. */
    isRenewal?: boolean;
  };
  "new-account": { customerName: string; customerFirstName: string };
  "membership-cancelled": {
    customerName: string;
    customerFirstName: string;
    membershipName: string;
  };
  "password-reset": { customerFirstName: string; resetUrl: string; expiresInMinutes: number };
  "email-verification": { customerFirstName: string; verifyUrl: string; expiresInHours: number };
  "order-shipped": { customerName: string; orderId: string; trackingUrl: string };
  "order-ready-for-pickup": { customerName: string; orderId: string; trackUrl: string };
  "order-refunded": {
    customerName: string;
    orderId: string;
    amountCents: number;
    /** The refund came with the order's cancellation. */
    cancelled?: boolean;
  };
  "return-approved": { customerName: string; orderId: string; labelUrl: string };
  "return-declined": { customerName: string; orderId: string; message: string };
  "staff-invitation": { invitedByName: string; acceptUrl: string; expiresInDays: number };
  /** To the owner and the staff who asked for it: an order was paid. */
  "new-order": {
    orderId: string;
    /** The order's page in the back office. */
    orderUrl: string;
    isRenewal: boolean;
    customerName: string;
    customerEmail: string;
    /** Whether the order is in an account, or a guest's. */
    hasAccount: boolean;
    items: ListPriceLine[];
    /** Where it goes, as its packing slip says. */
    delivery: PackingSlip["delivery"];
    shippingCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
  };
  /** A change to a membership, by its member or by the billing run. */
  "membership-updated": { customerFirstName: string; membershipName: string; summary: string };
  /** A renewal was declined: the member can give another card on the hosted page. */
  "membership-payment-failed": {
    customerFirstName: string;
    membershipName: string;
    amountCents: number;
    /** The hosted card-update page, from the shop's address. */
    cardUpdatePath: string;
  };
  /** Three days before a charge: what ships and what it costs. */
  "membership-renewal-reminder": {
    customerFirstName: string;
    membershipName: string;
    ships: string;
    amountCents: number;
    /** The charge date, as the account shows it. */
    chargeDate: string;
  };
  /** Each anniversary of a membership: the terms the member agreed to, and how to cancel. */
  "membership-terms-reminder": {
    customerFirstName: string;
    membershipName: string;
    ships: string;
    /** What a month costs the member now. */
    amountCents: number;
    memberSince: string;
    /** The day of the month the membership is charged on. */
    billingDay: number;
    /** The version of the terms agreed to at sign-up, and the day; null when not recorded. */
    termsVersion: string | null;
    agreedOn: string | null;
  };
  /** To the owner: a bottle's sellable count fell to its low-stock threshold. */
  "low-stock": { bottleName: string; sellable: number; threshold: number; stockUrl: string };
  /** To the owner: a renewal found its bottles missing and waits for stock, tried each day. */
  "renewal-waiting-for-stock": {
    membershipName: string;
    /** What is missing, as the cart says it: 'Luxe, 375 ml: Sold out'. */
    shortage: string;
    dueDate: string;
    retryDays: number;
    stockUrl: string;
  };
  /** To a member: their plan's price changes, 30 days ahead at the least. */
  "plan-price-notice": {
    customerFirstName: string;
    planName: string;
    newPriceCents: number;
    /** The first billing date at the new price, as billing dates are shown: `12/26/2026`. */
    fromDate: string;
    accountUrl: string;
  };
}

export type MailTemplate = keyof MailPayloads;

export type MailMessage = {
  [T in MailTemplate]: { template: T; to: string; payload: MailPayloads[T] };
}[MailTemplate];
