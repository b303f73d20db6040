/** The e-mails of a membership's life, to whoever bought it. */
import { membershipDescription } from "~core/catalog";
import { formatDate } from "~core/dates";
import { cardUpdateHref, type MembershipState, planName } from "~core/membership-rules";
import { readCatalog } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { enqueueMail } from "../mail/outbox.server";
import { findSubscriptionPurchase } from "../orders/queries.server";
import { type MembershipRecord, stateOf } from "./store.server";

async function recipientOf(db: Database, row: MembershipRecord) {
  return findSubscriptionPurchase(db, row.subscriptionId);
}

/** The membership's change, in one sentence, to its member. */
export async function enqueueMembershipUpdate(
  db: Database,
  row: MembershipRecord,
  state: MembershipState,
  summary: string,
): Promise<void> {
  const to = await recipientOf(db, row);
  if (!to) return;
  await enqueueMail(db, {
    template: "membership-updated",
    to: to.email,
    payload: {
      customerFirstName: to.firstName,
      membershipName: planName(await readCatalog(db), state.itemId),
      summary,
    },
  });
}

export async function enqueuePaymentFailed(
  db: Database,
  row: MembershipRecord,
  state: MembershipState,
  amountCents: number,
  cardUpdateToken: string,
): Promise<void> {
  const to = await recipientOf(db, row);
  if (!to) return;
  await enqueueMail(db, {
    template: "membership-payment-failed",
    to: to.email,
    payload: {
      customerFirstName: to.firstName,
      membershipName: planName(await readCatalog(db), state.itemId),
      amountCents,
      cardUpdatePath: cardUpdateHref(cardUpdateToken),
    },
  });
}

export async function enqueueRenewalReminder(
  db: Database,
  row: MembershipRecord,
  bill: { itemId: MembershipState["itemId"]; amountCents: number },
  chargeAt: Date,
): Promise<void> {
  const to = await recipientOf(db, row);
  if (!to) return;
  const catalog = await readCatalog(db);
  await enqueueMail(db, {
    template: "membership-renewal-reminder",
    to: to.email,
    payload: {
      customerFirstName: to.firstName,
      membershipName: planName(catalog, bill.itemId),
      ships: `${row.quantity} × ${membershipDescription(catalog, bill.itemId)}`,
      amountCents: bill.amountCents,
      chargeDate: formatDate(chargeAt),
    },
  });
}

/** Each anniversary: the terms the member agreed to at sign-up, what a month costs now, how to cancel. */
export async function enqueueTermsReminder(db: Database, row: MembershipRecord): Promise<void> {
  const to = await recipientOf(db, row);
  if (!to) return;
  const catalog = await readCatalog(db);
  const itemId = stateOf(row).itemId;
  await enqueueMail(db, {
    template: "membership-terms-reminder",
    to: to.email,
    payload: {
      customerFirstName: to.firstName,
      membershipName: planName(catalog, itemId),
      ships: `${row.quantity} × ${membershipDescription(catalog, itemId)}`,
      amountCents: row.unitPriceCents * row.quantity,
      memberSince: formatDate(row.createdAt),
      billingDay: row.nextInvoiceAt.getUTCDate(),
      termsVersion: row.consentTermsVersion,
      agreedOn: row.consentAt && formatDate(row.consentAt),
    },
  });
}
