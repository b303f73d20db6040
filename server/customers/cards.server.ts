/** The account's saved cards (spec: Payment method), kept at the payment provider. */
import type { Failure } from "../auth/outcome.server";
import { NotFoundAtProviderError, type SavedCard } from "../payments/provider.server";
import {
  type AccountServices,
  collectFromCustomers,
  paymentCustomersOf,
} from "./payment-customers.server";
import { providerFailure, refusal } from "./refusal.server";

export function accountCards(services: AccountServices, userId: string): Promise<SavedCard[]> {
  return collectFromCustomers(services, userId, (customerId) =>
    services.payments.listCards(customerId),
  );
}

/** Removes one of the account's cards; a card of anyone else is not found. */
export async function removeAccountCard(
  services: AccountServices,
  userId: string,
  cardId: string,
): Promise<{ ok: true } | Failure> {
  for (const customerId of await paymentCustomersOf(services.db, userId)) {
    try {
      await services.payments.deleteCard(customerId, cardId);
      return { ok: true };
    } catch (error) {
      if (error instanceof NotFoundAtProviderError) continue;
      services.log.error({ err: error, userId }, "card could not be removed");
      return providerFailure("We could not remove this card. Please try again.");
    }
  }
  return refusal(404, "NOT_FOUND", "This card is not saved in your account");
}
