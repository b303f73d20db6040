/**
 * Refunds at Stripe. An order names its payment by the checkout session (purchases and a
 * membership's first month) or the invoice (renewals); Stripe refunds a PaymentIntent, so each
 * is found from the other.
 */
import type Stripe from "stripe";
import { NotFoundAtProviderError } from "../provider.server";
import { idOf, invoiceSubscriptionId } from "./mapping.server";

/** The PaymentIntent that paid for the order whose payment reference is `reference`. */
export async function paymentIntentOf(stripe: Stripe, reference: string): Promise<string> {
  let invoiceId: string | null = reference;
  if (reference.startsWith("cs_")) {
    const session = await stripe.checkout.sessions.retrieve(reference);
    const paymentIntent = idOf(session.payment_intent);
    if (paymentIntent) return paymentIntent;
    invoiceId = idOf(session.invoice);
  }
  if (!invoiceId) throw new NotFoundAtProviderError(`No payment for ${reference}`);
  const payments = await stripe.invoicePayments.list({
    invoice: invoiceId,
    status: "paid",
    limit: 1,
  });
  const paymentIntent = idOf(payments.data[0]?.payment.payment_intent);
  if (!paymentIntent) throw new NotFoundAtProviderError(`No payment for ${reference}`);
  return paymentIntent;
}

/** The checkout session of a membership's first invoice, or nothing for a later invoice. */
async function firstMonthSessions(stripe: Stripe, invoiceId: string): Promise<string[]> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subscription = invoiceSubscriptionId(invoice);
  if (invoice.billing_reason !== "subscription_create" || !subscription) return [];
  const sessions = await stripe.checkout.sessions.list({ subscription, limit: 1 });
  return sessions.data.map((session) => session.id);
}

/** Every payment reference an order may hold for the PaymentIntent `paymentIntent`. */
export async function paymentReferencesOf(
  stripe: Stripe,
  paymentIntent: string,
): Promise<string[]> {
  const [sessions, invoicePayments] = await Promise.all([
    stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }),
    stripe.invoicePayments.list({
      payment: { type: "payment_intent", payment_intent: paymentIntent },
      limit: 1,
    }),
  ]);
  const invoiceIds = invoicePayments.data.flatMap((payment) => idOf(payment.invoice) ?? []);
  const firstMonths = await Promise.all(invoiceIds.map((id) => firstMonthSessions(stripe, id)));
  return [...sessions.data.map((session) => session.id), ...invoiceIds, ...firstMonths.flat()];
}
