/** The memberships tab: the account's memberships, and their cancellation. */

import { accountTabHref } from "~core/account-urls";
import type { Catalog } from "~core/catalog";
import {
  allowedChanges,
  cardUpdateHref,
  type MemberRequest,
  nextBill,
  planChoices,
  planName,
} from "~core/membership-rules";
import type { Failure } from "../auth/outcome.server";
import { readCatalog } from "../catalog/catalog.server";
import {
  type AccountServices,
  collectFromCustomers,
  paymentCustomersOf,
} from "../customers/payment-customers.server";
import { refusal } from "../customers/refusal.server";
import { sandboxNow } from "../payments/sandbox/clock.server";
import { changeMembership } from "./lifecycle.server";
import { listMemberships, type Membership } from "./memberships.server";
import {
  billedByTheShop,
  type MembershipRecord,
  membershipByCardToken,
  membershipsByItemIds,
  openCardUpdate,
  stateOf,
} from "./store.server";

/** What a member can see and change of a membership. */
function managedView(row: MembershipRecord, catalog: Catalog) {
  const shopBilled = billedByTheShop(row);
  const state = stateOf(row);
  const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
  const bill = nextBill(state);
  return {
    status: row.status,
    revision: row.revision,
    allowed: [...allowedChanges(state)],
    nextBill: { plan: planName(catalog, bill.itemId), amountCents: bill.amountCents },
    planChanging: state.pendingItemId !== null,
    plans: planChoices(state, catalog),
    skipped: seconds(state.skippedInvoiceAt),
    pausedFrom: seconds(state.pausedFrom),
    endsOn: seconds(state.cancelAt),
    cancelOfferMade: state.cancelOfferMade,
    /** Only the shop's own billing can bill a month early; Stripe bills on its date. */
    shipNow: shopBilled,
    consent: row.consentTermsVersion
      ? {
          termsVersion: row.consentTermsVersion,
          at: seconds(row.consentAt),
          email: row.consentEmail,
        }
      : null,
  };
}

/** A membership as the memberships tab shows it: the plan, its price and next billing date. */
function toAccountMembershipView(
  membership: Membership,
  row: MembershipRecord | undefined,
  catalog: Catalog,
) {
  return {
    subscriptionItemId: membership.subscriptionItemId,
    productName: membership.productName,
    description: membership.description,
    unitPriceCents: membership.unitPriceCents,
    quantity: membership.quantity,
    /** Seconds since the epoch, as the provider gives it. */
    nextInvoiceDate: membership.nextInvoiceDate,
    /** Null for a membership the shop has no record of: only cancelling is offered. */
    managed: row ? managedView(row, catalog) : null,
  };
}

export async function accountMemberships(services: AccountServices, userId: string) {
  const catalog = await readCatalog(services.db);
  const memberships = await collectFromCustomers(services, userId, (customerId) =>
    listMemberships(services.payments, customerId, catalog),
  );
  const rows = await membershipsByItemIds(
    services.db,
    memberships.map((membership) => membership.subscriptionItemId),
  );
  const byId = new Map(rows.map((row) => [row.subscriptionItemId, row]));
  return memberships.map((membership) =>
    toAccountMembershipView(membership, byId.get(membership.subscriptionItemId), catalog),
  );
}

/** The billing services a member's change may need (ship now bills and creates an order). */
export type MembershipServices = AccountServices & {
  config: { publicUrl: string };
  shopTimeZone: string;
};

export type AccountMembershipChange = { ok: true; summary: string } | { ok: "offer" } | Failure;

/**
 * One of the account's own memberships changed as its member asks, at the shop's billing time;
 * a membership of anyone else is not found.
 */
export async function changeAccountMembership(
  services: MembershipServices,
  userId: string,
  form: { subscriptionItemId: string; revision: number; request: MemberRequest },
): Promise<AccountMembershipChange> {
  const result = await changeMembership(
    {
      db: services.db,
      publicUrl: services.config.publicUrl,
      shopTimeZone: services.shopTimeZone,
      log: services.log,
      payments: services.payments,
    },
    {
      ...form,
      customerIds: await paymentCustomersOf(services.db, userId),
      actor: "member",
      now: await sandboxNow(services.db),
    },
  );
  switch (result.outcome) {
    case "changed":
      return { ok: true, summary: result.summary };
    case "offer":
      return { ok: "offer" };
    case "refused":
      return refusal(result.status, "MEMBERSHIP_NOT_CHANGED", result.message);
  }
}

/**
 * Where one of the account's memberships takes a new card: the sandbox's hosted page, or the
 * address that opens Stripe's.
 */
export async function cardUpdatePath(
  services: AccountServices,
  userId: string,
  subscriptionItemId: string,
): Promise<string | null> {
  const customerIds = await paymentCustomersOf(services.db, userId);
  const opened = await openCardUpdate(services.db, customerIds, subscriptionItemId);
  return opened ? cardUpdateHref(opened.token, opened.subscriptionId) : null;
}

/**
 * The card-update link of a membership Stripe bills: opens Stripe's hosted page (Checkout in
 * setup mode) for it and answers its address; null for a link that names no such membership.
 */
export async function providerCardUpdateUrl(
  services: Pick<MembershipServices, "db" | "payments" | "config">,
  token: string,
): Promise<string | null> {
  const row = await membershipByCardToken(services.db, token);
  if (!row || billedByTheShop(row)) return null;
  const back = `${services.config.publicUrl}${accountTabHref("memberships")}`;
  const { url } = await services.payments.openCardUpdate({
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    token,
    successUrl: back,
    cancelUrl: back,
  });
  return url;
}
