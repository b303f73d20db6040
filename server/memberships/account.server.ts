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
import { NotFoundAtProviderError } from "../payments/provider.server";
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

/** The shop's card-update page of one of the account's memberships. */
export async function cardUpdatePath(
  services: AccountServices,
  userId: string,
  subscriptionItemId: string,
): Promise<string | null> {
  const customerIds = await paymentCustomersOf(services.db, userId);
  const opened = await openCardUpdate(services.db, customerIds, subscriptionItemId);
  return opened ? cardUpdateHref(opened.token) : null;
}

/**
 * The membership a card-update link names, if the shop's provider bills it: a link of the
 * sandbox's in a shop that bills with Stripe (or the other way round) names none.
 */
async function cardUpdateMembership(
  services: Pick<MembershipServices, "db" | "payments">,
  token: string,
): Promise<MembershipRecord | null> {
  const row = await membershipByCardToken(services.db, token);
  if (!row || billedByTheShop(row) !== (services.payments.name === "sandbox")) return null;
  return row;
}

/** What the card-update page says of the membership its link names; null for none. Reads only. */
export async function cardUpdatePage(
  services: Pick<MembershipServices, "db" | "payments">,
  token: string,
) {
  const row = await cardUpdateMembership(services, token);
  if (!row) return null;
  return {
    plan: planName(await readCatalog(services.db), stateOf(row).itemId),
    paymentFailed: row.status === "past_due",
    amountCents: row.unitPriceCents * row.quantity,
  };
}

export type CardUpdateOpening =
  | { outcome: "opened"; url: string }
  /** The link names no membership the provider bills, or the provider no longer knows it. */
  | { outcome: "closed" }
  | { outcome: "failed" };

/**
 * Opens the provider's hosted page for a new card of the membership a card-update link names
 * (Stripe's Checkout in setup mode, or the sandbox's page) and answers its address.
 */
export async function openProviderCardUpdate(
  services: Pick<MembershipServices, "db" | "payments" | "config" | "log">,
  token: string,
): Promise<CardUpdateOpening> {
  const row = await cardUpdateMembership(services, token);
  if (!row) return { outcome: "closed" };
  const back = `${services.config.publicUrl}${accountTabHref("memberships")}`;
  try {
    const { url } = await services.payments.openCardUpdate({
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      token,
      successUrl: back,
      cancelUrl: back,
    });
    return { outcome: "opened", url };
  } catch (error) {
    if (error instanceof NotFoundAtProviderError) return { outcome: "closed" };
    services.log.error(
      { err: error, subscriptionItemId: row.subscriptionItemId },
      "card update could not be opened",
    );
    return { outcome: "failed" };
  }
}
