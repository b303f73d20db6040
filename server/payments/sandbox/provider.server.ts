/**
 * The built-in payment provider: a hosted checkout page of the shop's own
 * (`/checkout/sandbox/:sessionId`), no network, no real money. Its sessions are the shop's
 * checkout records; its customers, cards and shipping details live in its own tables; its
 * subscriptions are the shop's membership records, which `renew.ts` bills.
 */
import { isItemId } from "~core/catalog";
import type { Database } from "../../db/client.server";
import { randomId } from "../../ids.server";
import { customerMemberships } from "../../memberships/store.server";
import {
  type CheckoutSessionInfo,
  InvalidEventError,
  NotFoundAtProviderError,
  type PaymentProvider,
  type ProviderSubscription,
} from "../provider.server";
import {
  type CheckoutSessionRecord,
  closeOpenSession,
  findCheckoutSession,
  recordAmounts,
  sessionStatus,
  storedCompletion,
} from "../sessions.server";
import * as customers from "./customers.server";

export interface SandboxOptions {
  db: Database;
  publicUrl: string;
}

export function sandboxSessionUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/checkout/sandbox/${encodeURIComponent(sessionId)}`;
}

/** The sandbox's hosted card-update page, addressed by the membership's secret. */
function sandboxCardUpdateUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/checkout/sandbox/card/${encodeURIComponent(token)}`;
}

/** A sandbox session as a provider reports it, with what was kept at its completion. */
export function sandboxSessionInfo(record: CheckoutSessionRecord): CheckoutSessionInfo {
  const completion = storedCompletion(record);
  const status = sessionStatus(record);
  return {
    id: record.id,
    status,
    paid: status === "complete" && completion !== null,
    customerId: completion?.customerId ?? null,
    customer: completion?.customer ?? null,
    shipping: completion?.shipping ?? null,
    subscription: completion?.subscription ?? null,
    amounts: recordAmounts(record),
    affiliate: record.affiliate,
  };
}

async function retrieveCheckoutSession(
  db: Database,
  sessionId: string,
): Promise<CheckoutSessionInfo | null> {
  const record = await findCheckoutSession(db, sessionId);
  return record?.provider === "sandbox" ? sandboxSessionInfo(record) : null;
}

async function listSubscriptions(
  db: Database,
  customerId: string,
): Promise<ProviderSubscription[]> {
  const rows = await customerMemberships(db, customerId);
  return rows.flatMap((row) =>
    isItemId(row.itemId)
      ? [
          {
            subscriptionId: row.subscriptionId,
            subscriptionItemId: row.subscriptionItemId,
            itemId: row.itemId,
            quantity: row.quantity,
            unitPriceCents: row.unitPriceCents,
            nextInvoiceAt: row.nextInvoiceAt,
          },
        ]
      : [],
  );
}

export function createSandboxProvider({ db, publicUrl }: SandboxOptions): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckoutSession() {
      const id = randomId("cs_sandbox_");
      return { id, url: sandboxSessionUrl(publicUrl, id) };
    },
    retrieveCheckoutSession: (sessionId) => retrieveCheckoutSession(db, sessionId),
    async expireCheckoutSession(sessionId) {
      const record = await findCheckoutSession(db, sessionId);
      if (record?.provider !== "sandbox") return false;
      return sessionStatus(record) === "expired" || (await closeOpenSession(db, sessionId));
    },
    async parseWebhookEvent() {
      throw new InvalidEventError("The sandbox receives no webhooks");
    },
    listSubscriptions: (customerId) => listSubscriptions(db, customerId),
    async cancelSubscriptionItem(customerId, item) {
      // Billing reads the shop's membership record, so cancelling it there stops the sandbox
      // too: all that is left to do here is to check the membership is this customer's.
      const owned = await customerMemberships(db, customerId);
      if (!owned.some((row) => row.subscriptionItemId === item.subscriptionItemId)) {
        throw new NotFoundAtProviderError("No such membership");
      }
    },
    openCardUpdate: async ({ token }) => ({ url: sandboxCardUpdateUrl(publicUrl, token) }),
    async setSubscriptionCard() {
      throw new Error("The sandbox's card-update page saves the card itself");
    },
    async changeSubscription() {
      throw new Error("The shop bills the sandbox's memberships itself");
    },
    async repriceSubscriptionItem() {
      throw new Error("The shop bills the sandbox's memberships itself");
    },
    listCards: (customerId) => customers.listCards(db, customerId),
    async deleteCard(customerId, cardId) {
      if (!(await customers.deleteCard(db, customerId, cardId))) {
        throw new NotFoundAtProviderError("No such card");
      }
    },
    getShippingInfo: (customerId) => customers.getShipping(db, customerId),
    async updateShippingInfo(customerId, shipping) {
      if (!(await customers.customerExists(db, customerId))) {
        throw new NotFoundAtProviderError("No such customer");
      }
      await customers.saveShipping(db, customerId, shipping);
    },
    async updateCustomer(customerId, details) {
      if (!(await customers.updateCustomer(db, customerId, details))) {
        throw new NotFoundAtProviderError("No such customer");
      }
    },
    // No money moved, so none moves back: the shop's refund record is the sandbox's record.
    refundPayment: async ({ idempotencyKey }) => ({ refundId: `re_sandbox_${idempotencyKey}` }),
  };
}
