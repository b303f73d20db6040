/**
 * Paying on the sandbox's hosted page: checks the form, declines the test card that declines,
 * records the customer, shipping, card and subscription as a provider would, then emits the
 * same 'session completed' event the Stripe webhook delivers.
 */

import { cardBrand, parseExpiry } from "~core/card";
import { isMembershipId } from "~core/catalog";
import { oneMonthAfter } from "~core/membership-rules";
import {
  declinedMessage,
  lostCardMessage,
  type SandboxField,
  type SandboxPayment,
  sandboxCardBehaviour,
  sandboxFieldErrors,
  sandboxFormInput,
  sandboxPaymentSchema,
  sandboxSubscriptionPrefix,
} from "~core/sandbox-checkout";
import type { Database } from "../../db/client.server";
import { randomId } from "../../ids.server";
import type { Logger } from "../../logger.server";
import { fulfilCheckout } from "../../orders/fulfil.server";
import type { CheckoutSessionInfo } from "../provider.server";
import {
  type CheckoutSessionRecord,
  claimOpenSession,
  confirmationUrl,
  findCheckoutSession,
  recordAmounts,
  recordCompletion,
  sessionStatus,
} from "../sessions.server";
import {
  createCustomer,
  customerExists,
  type RenewalDecline,
  saveCard,
  saveShipping,
} from "./customers.server";
import { sandboxSessionInfo } from "./provider.server";

export interface SandboxDeps {
  db: Database;
  publicUrl: string;
  shopTimeZone: string;
  log: Logger;
}

export type SandboxPaymentResult =
  | { outcome: "paid"; redirectTo: string }
  | { outcome: "invalid"; fieldErrors: Partial<Record<SandboxField, string>> }
  | { outcome: "declined"; message: string }
  | { outcome: "closed" };

/** The session as the hosted page shows it, or null when there is nothing to pay. */
export async function openSandboxSession(
  db: Database,
  sessionId: string,
): Promise<{ record: CheckoutSessionRecord; status: CheckoutSessionInfo["status"] } | null> {
  const record = await findCheckoutSession(db, sessionId);
  if (record?.provider !== "sandbox") return null;
  return { record, status: sessionStatus(record) };
}

async function paymentCustomer(
  db: Database,
  record: CheckoutSessionRecord,
  payment: SandboxPayment,
): Promise<string> {
  if (record.paymentCustomerId && (await customerExists(db, record.paymentCustomerId))) {
    return record.paymentCustomerId;
  }
  return createCustomer(db, { email: payment.email, name: payment.name });
}

function subscriptionOf(record: CheckoutSessionRecord, now: Date) {
  const items = record.items.flatMap((line) =>
    isMembershipId(line.itemId)
      ? [
          {
            subscriptionItemId: randomId("si_sandbox_"),
            itemId: line.itemId,
            quantity: line.quantity,
            unitPriceCents: line.priceCents,
          },
        ]
      : [],
  );
  return { id: randomId(sandboxSubscriptionPrefix), items, nextInvoiceAt: oneMonthAfter(now) };
}

/** How the renewals of a saved test card go (the card number is digits only). */
export function renewalDeclineOf(cardNumber: string): RenewalDecline {
  return sandboxCardBehaviour(cardNumber) === "declines-renewals" ? "card_declined" : null;
}

/** Records the payment at the 'provider' and returns the completed session. */
async function recordPayment(
  db: Database,
  record: CheckoutSessionRecord,
  payment: SandboxPayment,
  now: Date,
): Promise<CheckoutSessionInfo | null> {
  return db.transaction(async (tx) => {
    if (!(await claimOpenSession(tx, record.id))) return null;
    const customerId = await paymentCustomer(tx, record, payment);
    const shipping = payment.address ? { name: payment.name, address: payment.address } : null;
    if (shipping) await saveShipping(tx, customerId, { ...shipping, phone: null });
    const subscription = record.mode === "subscription" ? subscriptionOf(record, now) : null;
    const expiry = parseExpiry(payment.expiry);
    if (subscription && expiry) {
      await saveCard(tx, customerId, {
        brand: cardBrand(payment.cardNumber),
        last4: payment.cardNumber.slice(-4),
        expMonth: expiry.month,
        expYear: expiry.year,
        renewalDecline: renewalDeclineOf(payment.cardNumber),
      });
    }
    const session: CheckoutSessionInfo = {
      id: record.id,
      status: "complete",
      paid: true,
      customerId,
      customer: { name: payment.name, email: payment.email },
      shipping,
      amounts: recordAmounts(record),
      affiliate: record.affiliate,
      subscription,
    };
    await recordCompletion(tx, session);
    return session;
  });
}

export async function paySandboxCheckout(
  deps: SandboxDeps,
  sessionId: string,
  values: Partial<Record<SandboxField, string>>,
  now = new Date(),
): Promise<SandboxPaymentResult> {
  const opened = await openSandboxSession(deps.db, sessionId);
  const paid = { outcome: "paid", redirectTo: confirmationUrl(deps.publicUrl, sessionId) } as const;
  if (!opened || opened.status === "expired") return { outcome: "closed" };
  if (opened.status === "complete") {
    // Sent again after a payment whose order may not exist yet (the server stopped in between).
    await fulfil(deps, sandboxSessionInfo(opened.record));
    return paid;
  }
  const { record } = opened;
  const parsed = sandboxPaymentSchema(record.hasLocalPickup, now).safeParse(
    sandboxFormInput(values, record.hasLocalPickup),
  );
  if (!parsed.success) return { outcome: "invalid", fieldErrors: sandboxFieldErrors(parsed.error) };
  const behaviour = sandboxCardBehaviour(parsed.data.cardNumber);
  if (behaviour === "declined") return { outcome: "declined", message: declinedMessage };
  if (behaviour === "lost") return { outcome: "declined", message: lostCardMessage };
  const session = await recordPayment(deps.db, record, parsed.data, now);
  if (session) await fulfil(deps, session);
  return paid;
}

/** Creates the order of a paid session once, however often it is asked. */
async function fulfil(deps: SandboxDeps, session: CheckoutSessionInfo): Promise<void> {
  try {
    await fulfilCheckout(deps, { id: `evt_sandbox_${session.id}`, session });
  } catch (error) {
    // The payment stands; the confirmation page asks for the session and fulfils it then.
    deps.log.error({ err: error }, "sandbox order could not be created yet");
  }
}
