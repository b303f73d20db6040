/**
 * What the shop needs from a payment provider. Two implementations: the built-in sandbox
 * (`sandbox/`) and Stripe (`stripe/`). Everything else in the shop speaks only these types.
 */
import type { CardBrand } from "~core/card";
import type { ItemId } from "~core/catalog";
import type { MemberChange, MembershipState } from "~core/membership-rules";
import type { CheckoutMode } from "~core/pricing";
import type { CheckoutLine, OrderPromotion, PostalAddress } from "../db/schema.server";

export type ProviderName = "sandbox" | "stripe";

/** The customer a session is opened for: a known provider customer, or just an e-mail. */
export interface CheckoutCustomer {
  email: string | null;
  customerId: string | null;
}

export interface CheckoutSessionRequest {
  mode: CheckoutMode;
  lines: CheckoutLine[];
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  localPickup: boolean;
  promotion: OrderPromotion | null;
  customer: CheckoutCustomer;
  affiliate: string | null;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  /** When the session stops taking payment. */
  expiresAt: Date;
}

export interface CreatedCheckoutSession {
  id: string;
  url: string;
}

export interface MoneyBreakdown {
  totalCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
}

export interface Shipping {
  name: string;
  address: PostalAddress;
}

export interface SubscriptionItem {
  subscriptionItemId: string;
  itemId: ItemId;
  quantity: number;
  unitPriceCents: number;
}

/** The spec's checkout session info, as the provider reports it. */
export interface CheckoutSessionInfo {
  id: string;
  status: "open" | "complete" | "expired";
  paid: boolean;
  customerId: string | null;
  customer: { name: string; email: string } | null;
  shipping: Shipping | null;
  amounts: MoneyBreakdown;
  affiliate: string | null;
  subscription: {
    id: string;
    items: SubscriptionItem[];
    nextInvoiceAt: Date;
  } | null;
}

/** A paid invoice of a subscription after its first month. */
export interface RenewalInvoice {
  id: string;
  subscriptionId: string;
  amounts: MoneyBreakdown;
  /** The customer's shipping at the provider when the invoice was paid, if any. */
  shipping: Shipping | null;
  nextInvoiceAt: Date;
  /** The items the invoice bills, when not every item of the subscription (the sandbox's). */
  subscriptionItemIds?: string[];
}

/** A renewal invoice whose charge failed; the provider retries it on its own schedule. */
export interface FailedInvoice {
  id: string;
  subscriptionId: string;
  amountCents: number;
  /** The provider's next try, or null when it will not try again. */
  nextAttemptAt: Date | null;
}

/** A subscription's state as the provider reports it after a change. */
export interface SubscriptionUpdate {
  id: string;
  status: "active" | "past_due" | "paused" | "canceled";
  /** When a cancellation the member asked for takes effect (the end of the paid period). */
  cancelAt: Date | null;
  nextInvoiceAt: Date;
  /** While its collection is paused: when it starts again, if the pause names a day. */
  resumesAt: Date | null;
}

/** A card a member saved for one subscription on the provider's hosted page. */
export interface SavedSubscriptionCard {
  sessionId: string;
  customerId: string;
  subscriptionId: string;
  paymentMethodId: string;
}

/** The hosted page on which a member gives a new card for one membership. */
export interface CardUpdateRequest {
  customerId: string;
  subscriptionId: string;
  /** The membership's card-update secret (the sandbox's own page is addressed by it). */
  token: string;
  successUrl: string;
  cancelUrl: string;
}

/** A member's change the shop's rules accepted, for the provider to bill accordingly. */
export interface SubscriptionChange {
  subscriptionId: string;
  subscriptionItemId: string;
  change: MemberChange;
  /** The membership after the change, as the rules answered. */
  after: MembershipState;
  /** The plan's name, for the provider's product of a new plan. */
  planName: string;
  /** The same key never makes the same change twice at the provider. */
  idempotencyKey: string;
}

/** A plan's new price, for a subscription item the provider bills, from its next invoice on. */
export interface SubscriptionReprice {
  subscriptionId: string;
  subscriptionItemId: string;
  unitPriceCents: number;
  /** The same key never changes the price twice at the provider. */
  idempotencyKey: string;
}

/** A refund the shop asks for: part or all of what an order's payment took. */
export interface RefundRequest {
  /** The order's checkout session (purchases) or invoice (renewals). */
  paymentReference: string;
  amountCents: number;
  /** The same key never refunds twice, however often the request is sent. */
  idempotencyKey: string;
  orderId: string;
}

/** Everything refunded so far for one payment, as the provider reports it. */
export interface RefundedPayment {
  /** The checkout sessions and invoices the payment belongs to: one of them names the order. */
  paymentReferences: string[];
  refundedCents: number;
}

/** A verified event from the provider, in the shop's terms. */
export type PaymentEvent =
  | { id: string; type: "checkout.completed"; session: CheckoutSessionInfo }
  | { id: string; type: "invoice.paid"; invoice: RenewalInvoice }
  | { id: string; type: "payment.refunded"; payment: RefundedPayment }
  | { id: string; type: "invoice.failed"; invoice: FailedInvoice }
  | { id: string; type: "subscription.ended"; subscriptionId: string }
  | { id: string; type: "subscription.updated"; subscription: SubscriptionUpdate }
  | { id: string; type: "card.saved"; card: SavedSubscriptionCard }
  | { id: string; type: "ignored"; providerType: string };

export interface ProviderSubscription extends SubscriptionItem {
  subscriptionId: string;
  nextInvoiceAt: Date;
}

export interface SavedCard {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The spec's shipping info of a customer. */
export interface ShippingInfo {
  name: string;
  phone: string | null;
  address: PostalAddress;
}

/** The event could not be verified: wrong or missing signature, or too old. */
export class InvalidEventError extends Error {
  override name = "InvalidEventError";
}

/** The named object does not exist or belongs to another customer. */
export class NotFoundAtProviderError extends Error {
  override name = "NotFoundAtProviderError";
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  /** Null when the provider does not know the session. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null>;
  /**
   * Closes an open session so that it can no longer be paid. False when it could not be closed
   * (paid already, or unknown); true when it is closed, by this call or before.
   */
  expireCheckoutSession(sessionId: string): Promise<boolean>;
  /** Verifies a webhook delivery (raw body and signature header); throws InvalidEventError. */
  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
  /** The customer's active memberships. */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /** Stops billing one membership; the last item of a subscription ends the subscription. */
  cancelSubscriptionItem(
    customerId: string,
    item: { subscriptionId: string; subscriptionItemId: string },
  ): Promise<void>;
  /** Opens the hosted page for a membership's new card; returns where to send the member. */
  openCardUpdate(request: CardUpdateRequest): Promise<{ url: string }>;
  /**
   * Makes `paymentMethodId` the card the subscription is billed to and, when `payOpenInvoice`,
   * pays its open invoice with it at once; answers whether an open invoice was paid.
   */
  setSubscriptionCard(
    customerId: string,
    card: { subscriptionId: string; paymentMethodId: string; payOpenInvoice: boolean },
  ): Promise<{ paidInvoiceId: string | null }>;
  /** Bills a subscription the provider owns as a member's change says (Stripe only). */
  changeSubscription(customerId: string, request: SubscriptionChange): Promise<void>;
  /** Bills a subscription item the provider owns at a plan's new price (Stripe only). */
  repriceSubscriptionItem(customerId: string, request: SubscriptionReprice): Promise<void>;
  listCards(customerId: string): Promise<SavedCard[]>;
  deleteCard(customerId: string, cardId: string): Promise<void>;
  getShippingInfo(customerId: string): Promise<ShippingInfo | null>;
  updateShippingInfo(customerId: string, shipping: ShippingInfo): Promise<void>;
  updateCustomer(customerId: string, details: { name: string; email: string }): Promise<void>;
  /** Gives money back to the card that paid; returns the provider's id for the refund. */
  refundPayment(request: RefundRequest): Promise<{ refundId: string }>;
}
