/**
 * The sandbox's own customer records, standing in for what Stripe keeps: customers, their
 * shipping details and saved cards (brand, last four digits and expiry only, never the number).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { paymentCustomers, savedPaymentMethods, shippingProfiles } from "../../db/schema.server";
import { randomId } from "../../ids.server";
import type { SavedCard, ShippingInfo } from "../provider.server";

export async function createCustomer(
  db: Database,
  details: { email: string; name: string },
): Promise<string> {
  const id = randomId("cus_sandbox_");
  await db.insert(paymentCustomers).values({ id, provider: "sandbox", ...details });
  return id;
}

export async function customerExists(db: Database, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentCustomers.id })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.id, customerId), eq(paymentCustomers.provider, "sandbox")))
    .limit(1);
  return rows.length > 0;
}

export async function updateCustomer(
  db: Database,
  customerId: string,
  details: { email: string; name: string },
): Promise<boolean> {
  const rows = await db
    .update(paymentCustomers)
    .set(details)
    .where(eq(paymentCustomers.id, customerId))
    .returning({ id: paymentCustomers.id });
  return rows.length > 0;
}

/** How a sandbox test card's renewals fail, if they do. */
export type RenewalDecline = "card_declined" | "lost_card" | null;

export async function saveCard(
  db: Database,
  customerId: string,
  card: Omit<SavedCard, "id"> & { renewalDecline?: RenewalDecline },
): Promise<string> {
  const id = randomId("pm_sandbox_");
  await db.insert(savedPaymentMethods).values({ id, customerId, ...card });
  return id;
}

export async function listCards(db: Database, customerId: string): Promise<SavedCard[]> {
  return db
    .select({
      id: savedPaymentMethods.id,
      brand: savedPaymentMethods.brand,
      last4: savedPaymentMethods.last4,
      expMonth: savedPaymentMethods.expMonth,
      expYear: savedPaymentMethods.expYear,
    })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.customerId, customerId))
    .orderBy(asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id));
}

/** Deletes one of the customer's cards; false when the card is not theirs. */
export async function deleteCard(
  db: Database,
  customerId: string,
  cardId: string,
): Promise<boolean> {
  const rows = await db
    .delete(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.id, cardId), eq(savedPaymentMethods.customerId, customerId)))
    .returning({ id: savedPaymentMethods.id });
  return rows.length > 0;
}

export async function getShipping(db: Database, customerId: string): Promise<ShippingInfo | null> {
  const [row] = await db
    .select({
      name: shippingProfiles.name,
      phone: shippingProfiles.phone,
      address: shippingProfiles.address,
    })
    .from(shippingProfiles)
    .where(eq(shippingProfiles.customerId, customerId))
    .limit(1);
  return row ?? null;
}

export async function saveShipping(
  db: Database,
  customerId: string,
  shipping: ShippingInfo,
): Promise<void> {
  await db
    .insert(shippingProfiles)
    .values({ customerId, ...shipping })
    .onConflictDoUpdate({ target: shippingProfiles.customerId, set: shipping });
}

export type SandboxCharge = { ok: true } | { ok: false; hard: boolean; message: string };

/**
 * Charges the customer's saved card as a renewal would: the test cards that pay only once are
 * declined (`4000 0000 0000 0341`) or declined as lost (`4000 0000 0000 9987`, a hard decline).
 */
export async function chargeSavedCard(db: Database, customerId: string): Promise<SandboxCharge> {
  const [card] = await db
    .select({ renewalDecline: savedPaymentMethods.renewalDecline })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.customerId, customerId))
    .orderBy(desc(savedPaymentMethods.createdAt), desc(savedPaymentMethods.id))
    .limit(1);
  if (!card) return { ok: false, hard: false, message: "No saved card" };
  switch (card.renewalDecline) {
    case null:
      return { ok: true };
    case "card_declined":
      return { ok: false, hard: false, message: "The card was declined" };
    case "lost_card":
      return { ok: false, hard: true, message: "The card was reported lost" };
  }
}

/** A new card replaces the customer's saved cards: renewals are charged to it from now on. */
export async function replaceCards(
  db: Database,
  customerId: string,
  card: Omit<SavedCard, "id"> & { renewalDecline: RenewalDecline },
): Promise<string> {
  await db.delete(savedPaymentMethods).where(eq(savedPaymentMethods.customerId, customerId));
  return saveCard(db, customerId, card);
}
