/** The memberships tab: the account's memberships, and their cancellation. */
import type { Failure } from "../auth/outcome.server";
import { readCatalog } from "../catalog/catalog.server";
import {
  type AccountServices,
  collectFromCustomers,
  paymentCustomersOf,
} from "../customers/payment-customers.server";
import { providerFailure, refusal } from "../customers/refusal.server";
import { NotFoundAtProviderError } from "../payments/provider.server";
import {
  cancelMembership,
  listMemberships,
  type MailRecipient,
  type Membership,
  MembershipNotFoundError,
} from "./memberships.server";

/** A membership as the memberships tab shows it: the plan, its price and next billing date. */
function toAccountMembershipView(membership: Membership) {
  return {
    subscriptionItemId: membership.subscriptionItemId,
    productName: membership.productName,
    description: membership.description,
    unitPriceCents: membership.unitPriceCents,
    quantity: membership.quantity,
    /** Seconds since the epoch, as the provider gives it. */
    nextInvoiceDate: membership.nextInvoiceDate,
  };
}

export async function accountMemberships(services: AccountServices, userId: string) {
  const catalog = await readCatalog(services.db);
  const memberships = await collectFromCustomers(services, userId, (customerId) =>
    listMemberships(services.payments, customerId, catalog),
  );
  return memberships.map(toAccountMembershipView);
}

const notFound = () =>
  refusal(404, "NOT_FOUND", "This membership does not exist or is already cancelled");

function isNotFound(error: unknown): boolean {
  return error instanceof MembershipNotFoundError || error instanceof NotFoundAtProviderError;
}

/**
 * Cancels one of the account's memberships, with its e-mail to the account holder; a
 * membership of anyone else is not found.
 */
export async function cancelAccountMembership(
  services: AccountServices,
  user: MailRecipient & { id: string },
  subscriptionItemId: string,
): Promise<{ ok: true } | Failure> {
  const { id, ...recipient } = user;
  for (const customerId of await paymentCustomersOf(services.db, id)) {
    try {
      await cancelMembership(services, { customerId, subscriptionItemId, recipient });
      return { ok: true };
    } catch (error) {
      if (isNotFound(error)) continue;
      services.log.error({ err: error, userId: id }, "membership could not be cancelled");
      return providerFailure("We could not cancel your membership. Please try again.");
    }
  }
  return notFound();
}
