/**
 * The sandbox's hosted card-update page, in the style of its checkout: the link of the
 * payment-failed e-mail opens it for one membership. A new card replaces the customer's saved
 * cards; while the membership's payment has failed, it pays the open renewal at once, once.
 */

import { cardBrand, parseExpiry } from "~core/card";
import { planName } from "~core/membership-rules";
import {
  cardUpdateSchema,
  declinedMessage,
  lostCardMessage,
  type SandboxField,
  sandboxCardBehaviour,
  sandboxFieldErrors,
} from "~core/sandbox-checkout";
import { readCatalog } from "../../catalog/catalog.server";
import type { Database } from "../../db/client.server";
import { enqueueMembershipUpdate } from "../../memberships/mail.server";
import {
  billedByTheShop,
  lockMembership,
  membershipByCardToken,
  stateOf,
  writeMembership,
} from "../../memberships/store.server";
import { type BillingDeps, chargePeriod } from "./billing.server";
import { replaceCards } from "./customers.server";
import { renewalDeclineOf } from "./pay.server";

export type CardUpdateResult =
  | { outcome: "updated"; message: string }
  | { outcome: "invalid"; fieldErrors: Partial<Record<SandboxField, string>> }
  | { outcome: "declined"; message: string }
  | { outcome: "closed" };

/** The sandbox membership a card-update link names, while it is not cancelled. */
export async function cardUpdateMembership(db: Database, token: string) {
  const row = await membershipByCardToken(db, token);
  return row && billedByTheShop(row) ? row : null;
}

export async function updateMembershipCard(
  deps: BillingDeps,
  token: string,
  values: Partial<Record<SandboxField, string>>,
  now: Date,
): Promise<CardUpdateResult> {
  const parsed = cardUpdateSchema(now).safeParse({
    cardNumber: values.cardNumber ?? "",
    expiry: values.expiry ?? "",
    cvc: values.cvc ?? "",
  });
  if (!parsed.success) return { outcome: "invalid", fieldErrors: sandboxFieldErrors(parsed.error) };
  const behaviour = sandboxCardBehaviour(parsed.data.cardNumber);
  if (behaviour === "declined") return { outcome: "declined", message: declinedMessage };
  if (behaviour === "lost") return { outcome: "declined", message: lostCardMessage };
  const found = await cardUpdateMembership(deps.db, token);
  const expiry = parseExpiry(parsed.data.expiry);
  if (!found || !expiry) return { outcome: "closed" };
  return deps.db.transaction(async (tx) => {
    const row = await lockMembership(tx, found.subscriptionItemId);
    if (!row || row.status === "canceled") return { outcome: "closed" } as const;
    await replaceCards(tx, row.customerId, {
      brand: cardBrand(parsed.data.cardNumber),
      last4: parsed.data.cardNumber.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      renewalDecline: renewalDeclineOf(parsed.data.cardNumber),
    });
    const state = stateOf(row);
    const txDeps = { ...deps, db: tx };
    if (state.status !== "past_due") {
      const summary = "Your card is updated: the next renewals are charged to it.";
      const written = await writeMembership(tx, row, state, {
        kind: "card-updated",
        summary,
        actor: "member",
      });
      await enqueueMembershipUpdate(tx, written, state, summary);
      return { outcome: "updated", message: summary } as const;
    }
    // The open renewal, for the period whose charge failed: its invoice id is the one the
    // retries use, so it is paid and shipped once whoever gets there first.
    const charged = await chargePeriod(txDeps, row, state, {
      periodStart: state.nextInvoiceAt,
      at: now,
      actor: "member",
      request: { kind: "card-update" },
    });
    if (charged.outcome === "declined") {
      return { outcome: "declined", message: declinedMessage } as const;
    }
    const summary = `Your new card paid this month's ${planName(await readCatalog(tx), stateOf(charged.row).itemId)} renewal${charged.orderId ? ` (order ${charged.orderId})` : ""}: your membership is active again.`;
    await enqueueMembershipUpdate(tx, charged.row, stateOf(charged.row), summary);
    return { outcome: "updated", message: summary } as const;
  });
}
