/** Turns a queued message into the subject, HTML and plain text that are sent. */
import { render } from "@react-email/components";
import type { ReactElement } from "react";
import type { MailMessage } from "./messages.server";
import {
  EmailVerification,
  MembershipCancelled,
  NewAccount,
  PasswordReset,
} from "./templates/AccountMessages.server";
import type { MailBrand } from "./templates/Layout.server";
import {
  LowStock,
  lowStockSubject,
  RenewalWaitingForStock,
  renewalWaitingSubject,
} from "./templates/LowStock.server";
import {
  MembershipPaymentFailed,
  MembershipRenewalReminder,
  MembershipTermsReminder,
  MembershipUpdated,
} from "./templates/MembershipMessages.server";
import { NewOrder, newOrderSubject } from "./templates/NewOrder.server";
import { OrderConfirmation, orderConfirmationSubject } from "./templates/OrderConfirmation.server";
import { OrderReadyForPickup, OrderRefunded, OrderShipped } from "./templates/OrderUpdates.server";
import { PlanPriceNotice, planPriceNoticeSubject } from "./templates/PlanPriceNotice.server";
import { ReturnApproved, ReturnDeclined } from "./templates/Returns.server";
import { StaffInvitation } from "./templates/StaffInvitation.server";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

function compose(brand: MailBrand, message: MailMessage): { subject: string; body: ReactElement } {
  switch (message.template) {
    case "order-confirmation":
      return {
        subject: orderConfirmationSubject(brand, message.payload),
        body: <OrderConfirmation brand={brand} payload={message.payload} />,
      };
    case "new-account":
      return {
        subject: `Welcome to ${brand.name}`,
        body: <NewAccount brand={brand} payload={message.payload} />,
      };
    case "membership-cancelled":
      return {
        subject: `Your ${brand.name} membership is cancelled`,
        body: <MembershipCancelled brand={brand} payload={message.payload} />,
      };
    case "password-reset":
      return {
        subject: `Reset your ${brand.name} password`,
        body: <PasswordReset brand={brand} payload={message.payload} />,
      };
    case "email-verification":
      return {
        subject: `Verify your e-mail address for ${brand.name}`,
        body: <EmailVerification brand={brand} payload={message.payload} />,
      };
    case "order-shipped":
      return {
        subject: `Your ${brand.name} order ${message.payload.orderId} is on its way`,
        body: <OrderShipped brand={brand} payload={message.payload} />,
      };
    case "order-ready-for-pickup":
      return {
        subject: `Your ${brand.name} order ${message.payload.orderId} is ready for pickup`,
        body: <OrderReadyForPickup brand={brand} payload={message.payload} />,
      };
    case "order-refunded":
      return {
        subject: message.payload.cancelled
          ? `Your ${brand.name} order ${message.payload.orderId} was cancelled`
          : `Your ${brand.name} refund for order ${message.payload.orderId}`,
        body: <OrderRefunded brand={brand} payload={message.payload} />,
      };
    case "return-approved":
      return {
        subject: `Your return label for ${brand.name} order ${message.payload.orderId}`,
        body: <ReturnApproved brand={brand} payload={message.payload} />,
      };
    case "return-declined":
      return {
        subject: `About your return of ${brand.name} order ${message.payload.orderId}`,
        body: <ReturnDeclined brand={brand} payload={message.payload} />,
      };
    case "staff-invitation":
      return {
        subject: `You're invited to the ${brand.name} back office`,
        body: <StaffInvitation brand={brand} payload={message.payload} />,
      };
    case "new-order":
      return {
        subject: newOrderSubject(message.payload),
        body: <NewOrder brand={brand} payload={message.payload} />,
      };
    case "low-stock":
      return {
        subject: lowStockSubject(message.payload),
        body: <LowStock brand={brand} payload={message.payload} />,
      };
    case "renewal-waiting-for-stock":
      return {
        subject: renewalWaitingSubject(message.payload),
        body: <RenewalWaitingForStock brand={brand} payload={message.payload} />,
      };
    case "plan-price-notice":
      return {
        subject: planPriceNoticeSubject(message.payload),
        body: <PlanPriceNotice brand={brand} payload={message.payload} />,
      };
    case "membership-updated":
      return {
        subject: `Your ${brand.name} membership: ${message.payload.membershipName}`,
        body: <MembershipUpdated brand={brand} payload={message.payload} />,
      };
    case "membership-payment-failed":
      return {
        subject: `Your ${brand.name} membership payment failed`,
        body: <MembershipPaymentFailed brand={brand} payload={message.payload} />,
      };
    case "membership-renewal-reminder":
      return {
        subject: `Your ${message.payload.membershipName} renews on ${message.payload.chargeDate}`,
        body: <MembershipRenewalReminder brand={brand} payload={message.payload} />,
      };
    case "membership-terms-reminder":
      return {
        subject: `Your ${message.payload.membershipName} membership: a yearly reminder of its terms`,
        body: <MembershipTermsReminder brand={brand} payload={message.payload} />,
      };
  }
}

/** Plain text keeps the headings' case and lays the amount rows out as columns. */
const plainText = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "table.amounts", format: "dataTable" },
    ],
  },
} as const;

export async function renderMail(brand: MailBrand, message: MailMessage): Promise<RenderedMail> {
  const { subject, body } = compose(brand, message);
  const [html, text] = await Promise.all([render(body), render(body, plainText)]);
  return { subject, html, text };
}
