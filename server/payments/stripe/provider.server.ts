/**
 * Stripe: hosted Checkout Sessions, Billing subscriptions and signed webhooks, through the
 * official SDK. Amounts are the shop's: each line at its list price and the promotion's discount
 * as a single-use coupon, so Stripe charges exactly what `priceCart` computed.
 */
import Stripe from "stripe";
import type { StripeApi } from "../../config.server";
import {
  type CheckoutSessionInfo,
  InvalidEventError,
  NotFoundAtProviderError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscription,
} from "../provider.server";
import {
  cancellationDetails,
  cardUpdateSessionParams,
  checkoutSessionParams,
  couponParams,
  idOf,
  invoiceAmounts,
  invoicePeriodEnd,
  invoiceShipping,
  nextInvoiceAt,
  renewalSubscriptionId,
  repriceParams,
  sessionInfo,
  subscriptionChangeParams,
  subscriptionIdOf,
  subscriptionItems,
  subscriptionUpdate,
  toPostalAddress,
  toSavedCard,
  toStripeAddress,
} from "./mapping.server";
import { paymentIntentOf, paymentReferencesOf } from "./refunds.server";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API lives when not at Stripe: a local stand-in (tests, development). */
  api?: StripeApi | undefined;
  /** Seconds a signed event stays acceptable (Stripe's default: 300). */
  toleranceSeconds?: number;
}

const expandProducts = ["items.data.price.product"];

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing"
  );
}

/** Runs a Stripe call; an object Stripe does not know becomes NotFoundAtProviderError. */
async function orNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) throw new NotFoundAtProviderError("Not found at Stripe");
    throw error;
  }
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.api ?? {}),
  });

  const retrieveSubscription = (id: string) =>
    stripe.subscriptions.retrieve(id, { expand: expandProducts });

  async function ownedSubscription(customerId: string, subscriptionId: string) {
    const subscription = await orNotFound(() => retrieveSubscription(subscriptionId));
    const owner =
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
    if (owner !== customerId) throw new NotFoundAtProviderError("No such membership");
    return subscription;
  }

  async function describeSession(session: Stripe.Checkout.Session): Promise<CheckoutSessionInfo> {
    const subscriptionId = subscriptionIdOf(session);
    const subscription = subscriptionId ? await retrieveSubscription(subscriptionId) : null;
    return sessionInfo(session, subscription);
  }

  /** A setup-mode session completed: the card it saved, for the subscription it was opened for. */
  async function savedCard(
    event: Stripe.Event,
    session: Stripe.Checkout.Session,
  ): Promise<PaymentEvent> {
    const subscriptionId = session.metadata?.subscriptionId;
    const customerId = idOf(session.customer);
    const setupIntentId = idOf(session.setup_intent);
    if (!subscriptionId || !customerId || !setupIntentId) {
      return { id: event.id, type: "ignored", providerType: event.type };
    }
    const setupIntent = await stripe.setupIntents.retrieve(setupIntentId);
    const paymentMethodId = idOf(setupIntent.payment_method);
    if (setupIntent.status !== "succeeded" || !paymentMethodId) {
      return { id: event.id, type: "ignored", providerType: event.type };
    }
    return {
      id: event.id,
      type: "card.saved",
      card: { sessionId: session.id, customerId, subscriptionId, paymentMethodId },
    };
  }

  async function toPaymentEvent(event: Stripe.Event): Promise<PaymentEvent> {
    switch (event.type) {
      case "checkout.session.completed":
        if (event.data.object.mode === "setup") return savedCard(event, event.data.object);
        return {
          id: event.id,
          type: "checkout.completed",
          session: await describeSession(event.data.object),
        };
      case "checkout.session.async_payment_succeeded":
        return {
          id: event.id,
          type: "checkout.completed",
          session: await describeSession(event.data.object),
        };
      case "invoice.paid": {
        const invoice = event.data.object;
        const subscriptionId = renewalSubscriptionId(invoice);
        if (!subscriptionId) return { id: event.id, type: "ignored", providerType: event.type };
        return {
          id: event.id,
          type: "invoice.paid",
          invoice: {
            id: invoice.id,
            subscriptionId,
            amounts: invoiceAmounts(invoice),
            shipping: invoiceShipping(invoice),
            nextInvoiceAt: invoicePeriodEnd(invoice),
          },
        };
      }
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscriptionId = renewalSubscriptionId(invoice);
        if (!subscriptionId) return { id: event.id, type: "ignored", providerType: event.type };
        return {
          id: event.id,
          type: "invoice.failed",
          invoice: {
            id: invoice.id,
            subscriptionId,
            amountCents: invoice.amount_due,
            nextAttemptAt: invoice.next_payment_attempt
              ? new Date(invoice.next_payment_attempt * 1000)
              : null,
          },
        };
      }
      case "customer.subscription.updated":
        return {
          id: event.id,
          type: "subscription.updated",
          subscription: subscriptionUpdate(event.data.object),
        };
      case "charge.refunded": {
        const paymentIntent = idOf(event.data.object.payment_intent);
        if (!paymentIntent) return { id: event.id, type: "ignored", providerType: event.type };
        return {
          id: event.id,
          type: "payment.refunded",
          payment: {
            paymentReferences: await paymentReferencesOf(stripe, paymentIntent),
            refundedCents: event.data.object.amount_refunded,
          },
        };
      }
      case "customer.subscription.deleted":
        return { id: event.id, type: "subscription.ended", subscriptionId: event.data.object.id };
      default:
        return { id: event.id, type: "ignored", providerType: event.type };
    }
  }

  return {
    name: "stripe",

    async createCheckoutSession(request) {
      const coupon = couponParams(request);
      const couponId = coupon ? (await stripe.coupons.create(coupon)).id : null;
      const session = await stripe.checkout.sessions.create(
        checkoutSessionParams(request, couponId),
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { id: session.id, url: session.url };
    },

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session.status === "expired";
      }
    },

    async retrieveCheckoutSession(sessionId) {
      try {
        return await describeSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async parseWebhookEvent(rawBody, signature) {
      if (!signature) throw new InvalidEventError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          options.toleranceSeconds,
        );
      } catch (error) {
        // A forged signature, or a correctly signed body that is not JSON.
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new InvalidEventError(error.message);
        }
        if (error instanceof SyntaxError) throw new InvalidEventError("The event is not JSON");
        throw error;
      }
      return toPaymentEvent(event);
    },

    async listSubscriptions(customerId) {
      const subscriptions = await stripe.subscriptions.list({
        customer: customerId,
        status: "active",
        expand: expandProducts.map((path) => `data.${path}`),
      });
      return subscriptions.data.flatMap((subscription): ProviderSubscription[] =>
        subscriptionItems(subscription).map((item) => ({
          ...item,
          subscriptionId: subscription.id,
          nextInvoiceAt: nextInvoiceAt(subscription),
        })),
      );
    },

    async cancelSubscriptionItem(customerId, { subscriptionId, subscriptionItemId }) {
      const subscription = await ownedSubscription(customerId, subscriptionId);
      const items = subscription.items.data;
      if (!items.some((item) => item.id === subscriptionItemId)) {
        throw new NotFoundAtProviderError("No such membership");
      }
      if (items.length > 1) await stripe.subscriptionItems.del(subscriptionItemId);
      else await stripe.subscriptions.cancel(subscriptionId);
    },

    async openCardUpdate(request) {
      await ownedSubscription(request.customerId, request.subscriptionId);
      const session = await stripe.checkout.sessions.create(cardUpdateSessionParams(request));
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { url: session.url };
    },

    async setSubscriptionCard(customerId, card) {
      const subscription = await ownedSubscription(customerId, card.subscriptionId);
      // The subscription's own card: a default on the subscription outranks the customer's.
      await stripe.subscriptions.update(card.subscriptionId, {
        default_payment_method: card.paymentMethodId,
      });
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: card.paymentMethodId },
      });
      const invoiceId = idOf(subscription.latest_invoice);
      if (!card.payOpenInvoice || !invoiceId) return { paidInvoiceId: null };
      const invoice = await stripe.invoices.retrieve(invoiceId);
      if (invoice.status !== "open") return { paidInvoiceId: null };
      try {
        const paid = await stripe.invoices.pay(
          invoiceId,
          { payment_method: card.paymentMethodId },
          { idempotencyKey: `pay-${invoiceId}-${card.paymentMethodId}` },
        );
        return { paidInvoiceId: paid.status === "paid" ? paid.id : null };
      } catch (error) {
        // Declined: the card stays the subscription's, and Stripe's retries go on with it.
        if (error instanceof Stripe.errors.StripeCardError) return { paidInvoiceId: null };
        throw error;
      }
    },

    async changeSubscription(customerId, request) {
      const subscription = await ownedSubscription(customerId, request.subscriptionId);
      if (!subscription.items.data.some((item) => item.id === request.subscriptionItemId)) {
        throw new NotFoundAtProviderError("No such membership");
      }
      const options = { idempotencyKey: request.idempotencyKey };
      if (request.change.kind === "cancel") {
        // One membership of several that one checkout started: its item stops now, without
        // credit, so the month it paid for is the last; alone, the subscription ends.
        if (subscription.items.data.length > 1) {
          await stripe.subscriptionItems.del(
            request.subscriptionItemId,
            { proration_behavior: "none" },
            options,
          );
        } else if (request.after.status === "canceled") {
          await stripe.subscriptions.cancel(
            request.subscriptionId,
            cancellationDetails(request.change.reason),
            options,
          );
        } else {
          await stripe.subscriptions.update(
            request.subscriptionId,
            { cancel_at_period_end: true, ...cancellationDetails(request.change.reason) },
            options,
          );
        }
        return;
      }
      // A new plan is a product of its own, named after it, that the subscription item reads.
      const product =
        request.change.kind === "change-plan"
          ? await stripe.products.create(
              {
                name: request.planName,
                metadata: { itemId: request.after.pendingItemId ?? request.after.itemId },
              },
              { idempotencyKey: `${request.idempotencyKey}-product` },
            )
          : null;
      const params = subscriptionChangeParams(request, product?.id ?? null);
      if (params) await stripe.subscriptions.update(request.subscriptionId, params, options);
    },

    async repriceSubscriptionItem(customerId, request) {
      const subscription = await ownedSubscription(customerId, request.subscriptionId);
      const item = subscription.items.data.find((each) => each.id === request.subscriptionItemId);
      if (!item) throw new NotFoundAtProviderError("No such membership");
      // The same product, the plan's new amount: Stripe bills it from the next invoice.
      const product =
        typeof item.price.product === "string" ? item.price.product : item.price.product.id;
      await stripe.subscriptions.update(request.subscriptionId, repriceParams(request, product), {
        idempotencyKey: request.idempotencyKey,
      });
    },

    async listCards(customerId) {
      const methods = await orNotFound(() =>
        stripe.customers.listPaymentMethods(customerId, { type: "card" }),
      );
      return methods.data.flatMap((method) => toSavedCard(method) ?? []);
    },

    async deleteCard(customerId, cardId) {
      const method = await orNotFound(() => stripe.paymentMethods.retrieve(cardId));
      const owner = typeof method.customer === "string" ? method.customer : method.customer?.id;
      if (owner !== customerId) throw new NotFoundAtProviderError("No such card");
      await stripe.paymentMethods.detach(cardId);
    },

    async getShippingInfo(customerId) {
      const customer = await orNotFound(() => stripe.customers.retrieve(customerId));
      if (customer.deleted || !customer.shipping) return null;
      const address = toPostalAddress(customer.shipping.address);
      if (!address) return null;
      return {
        name: customer.shipping.name ?? "",
        phone: customer.shipping.phone ?? null,
        address,
      };
    },

    async updateShippingInfo(customerId, shipping) {
      await orNotFound(() =>
        stripe.customers.update(customerId, {
          shipping: {
            name: shipping.name,
            phone: shipping.phone ?? "",
            address: toStripeAddress(shipping.address),
          },
        }),
      );
    },

    async updateCustomer(customerId, details) {
      await orNotFound(() => stripe.customers.update(customerId, details));
    },

    async refundPayment({ paymentReference, amountCents, idempotencyKey, orderId }) {
      const paymentIntent = await orNotFound(() => paymentIntentOf(stripe, paymentReference));
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { orderId } },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}
