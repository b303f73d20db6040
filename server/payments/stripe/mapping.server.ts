/** Stripe's objects in the shop's terms, and the shop's requests in Stripe's. */
import type Stripe from "stripe";
import { isItemId, isMembershipId } from "~core/catalog";
import {
  type CancelReason,
  cancelReasons,
  daysAfter,
  nextBill,
  oneMonthAfter,
} from "~core/membership-rules";
import { shippingLabel } from "~core/order-summary";
import type { PostalAddress } from "../../db/schema.server";
import type {
  CardUpdateRequest,
  CheckoutSessionInfo,
  CheckoutSessionRequest,
  SavedCard,
  Shipping,
  SubscriptionChange,
  SubscriptionItem,
  SubscriptionReprice,
  SubscriptionUpdate,
} from "../provider.server";

const currency = "usd";

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

export function toPostalAddress(address: Stripe.Address | null | undefined): PostalAddress | null {
  if (!address?.line1 || !address.city || !address.state || !address.postal_code) return null;
  if (address.country && address.country !== "US") return null;
  return {
    line1: address.line1,
    line2: address.line2 || null,
    city: address.city,
    state: address.state,
    postalCode: address.postal_code,
    country: "US",
  };
}

export function toStripeAddress(address: PostalAddress): Stripe.AddressParam {
  return {
    line1: address.line1,
    line2: address.line2 ?? "",
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    country: address.country,
  };
}

function toShipping(
  details: { name?: string | null; address?: Stripe.Address | null } | null | undefined,
): Shipping | null {
  const address = toPostalAddress(details?.address);
  return details?.name && address ? { name: details.name, address } : null;
}

/**
 * Stripe refuses an expiry under 30 minutes from when it receives the request, so the session
 * it opens lasts a minute longer than the shop's; the shop's holds outlast both.
 */
function stripeExpiry(expiresAt: Date): number {
  return Math.ceil((expiresAt.getTime() + 60_000) / 1000);
}

/** The line items, shipping, customer and metadata of a hosted Checkout Session. */
export function checkoutSessionParams(
  request: CheckoutSessionRequest,
  couponId: string | null,
): Stripe.Checkout.SessionCreateParams {
  const { customer, affiliate } = request;
  const metadata: Record<string, string> = affiliate ? { affiliate } : {};
  const shipped = !request.localPickup;
  return {
    mode: request.mode,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: stripeExpiry(request.expiresAt),
    line_items: request.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency,
        unit_amount: line.listPriceCents,
        product_data: { name: line.name, metadata: { itemId: line.itemId } },
        ...(isMembershipId(line.itemId) ? { recurring: { interval: "month" as const } } : {}),
      },
    })),
    metadata,
    ...(customer.customerId
      ? { customer: customer.customerId }
      : customer.email
        ? { customer_email: customer.email }
        : {}),
    ...(request.mode === "payment"
      ? { customer_creation: "always" as const }
      : { subscription_data: { metadata } }),
    ...(shipped ? { shipping_address_collection: { allowed_countries: ["US" as const] } } : {}),
    ...(shipped && request.mode === "payment"
      ? {
          shipping_options: [
            {
              shipping_rate_data: {
                type: "fixed_amount" as const,
                display_name: shippingLabel(request.shippingCents),
                fixed_amount: { amount: request.shippingCents, currency },
              },
            },
          ],
        }
      : {}),
    ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
  };
}

/** The discount of one session as a single-use coupon, so that Stripe charges what the shop priced. */
export function couponParams(request: CheckoutSessionRequest): Stripe.CouponCreateParams | null {
  if (!request.promotion || request.discountCents <= 0) return null;
  return {
    amount_off: request.discountCents,
    currency,
    duration: "once",
    max_redemptions: 1,
    name: request.promotion.codeName,
    metadata: { promotionCode: request.promotion.codeName, couponId: request.promotion.couponId },
  };
}

/** The items of a subscription retrieved with `items.data.price.product` expanded. */
export function subscriptionItems(subscription: Stripe.Subscription): SubscriptionItem[] {
  return subscription.items.data.flatMap((item) => {
    const product = item.price.product;
    const itemId =
      typeof product === "object" && "metadata" in product ? product.metadata.itemId : undefined;
    if (!isItemId(itemId)) return [];
    return [
      {
        subscriptionItemId: item.id,
        itemId,
        quantity: item.quantity ?? 1,
        unitPriceCents: item.price.unit_amount ?? 0,
      },
    ];
  });
}

/** When the subscription bills next: the end of its current period. */
export function nextInvoiceAt(subscription: Stripe.Subscription): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return new Date(Math.min(...ends) * 1000);
}

function sessionStatus(status: Stripe.Checkout.Session["status"]): CheckoutSessionInfo["status"] {
  if (status === "complete") return "complete";
  if (status === "expired") return "expired";
  return "open";
}

export function sessionInfo(
  session: Stripe.Checkout.Session,
  subscription: Stripe.Subscription | null,
): CheckoutSessionInfo {
  const details = session.customer_details;
  const shipping = toShipping(session.collected_information?.shipping_details);
  const name = details?.name || shipping?.name || "";
  const totals = session.total_details;
  return {
    id: session.id,
    status: sessionStatus(session.status),
    paid: session.status === "complete" && session.payment_status !== "unpaid",
    customerId: idOf(session.customer),
    customer: details?.email ? { name, email: details.email } : null,
    shipping,
    amounts: {
      totalCents: session.amount_total ?? 0,
      shippingCents: totals?.amount_shipping ?? 0,
      taxCents: totals?.amount_tax ?? 0,
      discountCents: totals?.amount_discount ?? 0,
    },
    affiliate: session.metadata?.affiliate ?? null,
    subscription: subscription && {
      id: subscription.id,
      items: subscriptionItems(subscription),
      nextInvoiceAt: nextInvoiceAt(subscription),
    },
  };
}

export function subscriptionIdOf(session: Stripe.Checkout.Session): string | null {
  return idOf(session.subscription);
}

export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * The subscription a renewal's invoice bills, or null for any other invoice: the first one is
 * paid or refused at checkout, which creates the first order (or leaves no membership at all).
 */
export function renewalSubscriptionId(invoice: Stripe.Invoice): string | null {
  return invoice.billing_reason === "subscription_cycle" ? invoiceSubscriptionId(invoice) : null;
}

export function invoiceShipping(invoice: Stripe.Invoice): Shipping | null {
  return toShipping(invoice.customer_shipping);
}

const sumAmounts = (entries: Array<{ amount: number }> | null | undefined) =>
  (entries ?? []).reduce((sum, entry) => sum + entry.amount, 0);

export function invoiceAmounts(invoice: Stripe.Invoice) {
  return {
    totalCents: invoice.amount_paid,
    shippingCents: 0,
    taxCents: sumAmounts(invoice.total_taxes),
    discountCents: sumAmounts(invoice.total_discount_amounts),
  };
}

/** The end of the period the invoice paid for: when the next one is due. */
export function invoicePeriodEnd(invoice: Stripe.Invoice): Date {
  const ends = invoice.lines.data.map((line) => line.period.end);
  return new Date((ends.length > 0 ? Math.max(...ends) : invoice.period_end) * 1000);
}

const knownBrands: ReadonlyArray<string> = ["amex", "discover", "mastercard", "visa"];

function isKnownBrand(brand: string): brand is SavedCard["brand"] {
  return knownBrands.includes(brand);
}

export function toSavedCard(method: Stripe.PaymentMethod): SavedCard | null {
  if (!method.card) return null;
  return {
    id: method.id,
    brand: isKnownBrand(method.card.brand) ? method.card.brand : "unknown",
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/** Checkout in setup mode: the member gives a card for one subscription, and pays nothing there. */
export function cardUpdateSessionParams(
  request: CardUpdateRequest,
): Stripe.Checkout.SessionCreateParams {
  const metadata = { subscriptionId: request.subscriptionId };
  return {
    mode: "setup",
    currency,
    customer: request.customerId,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    metadata,
    setup_intent_data: { metadata },
  };
}

/** The shop's status of a subscription: a collection paused at Stripe is a paused membership. */
function subscriptionStatus(subscription: Stripe.Subscription): SubscriptionUpdate["status"] {
  switch (subscription.status) {
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    case "past_due":
    case "unpaid":
    case "incomplete":
      return "past_due";
    case "paused":
      return "paused";
    default:
      return subscription.pause_collection ? "paused" : "active";
  }
}

export function subscriptionUpdate(subscription: Stripe.Subscription): SubscriptionUpdate {
  const nextInvoice = nextInvoiceAt(subscription);
  const cancelAt = subscription.cancel_at
    ? new Date(subscription.cancel_at * 1000)
    : subscription.cancel_at_period_end
      ? nextInvoice
      : null;
  return {
    id: subscription.id,
    status: subscriptionStatus(subscription),
    cancelAt,
    nextInvoiceAt: nextInvoice,
    resumesAt: subscription.pause_collection?.resumes_at
      ? new Date(subscription.pause_collection.resumes_at * 1000)
      : null,
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The reason a member gave for cancelling, in their words, as Stripe keeps it beside the subscription. */
export function cancellationDetails(reason: CancelReason | null) {
  return reason ? { cancellation_details: { comment: cancelReasons[reason] } } : {};
}

/**
 * A member's change as a subscription update, billed from the next bill with no proration: a
 * pause voids the invoices until the day before the bill it resumes with; a skip and a later
 * billing date are a free period (`trial_end`) until the next bill; a plan or a quantity is the
 * item's from the next bill. Null for a change that is not an update (a plan needs its product
 * first; a cancellation has calls of its own).
 */
export function subscriptionChangeParams(
  request: SubscriptionChange,
  productId: string | null,
): Stripe.SubscriptionUpdateParams | null {
  const { change, after, subscriptionItemId } = request;
  switch (change.kind) {
    case "pause":
      return {
        pause_collection: {
          behavior: "void",
          resumes_at: seconds(daysAfter(after.nextInvoiceAt, -1)),
        },
      };
    case "resume":
      return { pause_collection: "" };
    case "skip":
    case "move-date": {
      const freeUntil =
        change.kind === "skip" ? oneMonthAfter(change.invoiceAt) : after.nextInvoiceAt;
      return { trial_end: seconds(freeUntil), proration_behavior: "none" };
    }
    case "quantity":
      return {
        items: [{ id: subscriptionItemId, quantity: after.quantity }],
        proration_behavior: "none",
      };
    case "change-plan": {
      if (!productId) return null;
      return repriceParams(
        { subscriptionItemId, unitPriceCents: nextBill(after).amountCents / after.quantity },
        productId,
      );
    }
    case "cancel":
      return null;
  }
}

/** A price on the subscription item, of the product it bills, from the next invoice on. */
export function repriceParams(
  request: Pick<SubscriptionReprice, "subscriptionItemId" | "unitPriceCents">,
  productId: string,
): Stripe.SubscriptionUpdateParams {
  return {
    items: [
      {
        id: request.subscriptionItemId,
        price_data: {
          currency,
          product: productId,
          unit_amount: request.unitPriceCents,
          recurring: { interval: "month" },
        },
      },
    ],
    proration_behavior: "none",
  };
}
