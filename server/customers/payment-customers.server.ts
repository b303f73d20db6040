/**
 * The customers at the payment provider that belong to an account. A shopper may have several:
 * the account's own (reused by every signed-in checkout), and one for each checkout paid
 * without signing in whose order joined the account (a guest claimed with its link, or an order
 * paid with the account's e-mail once the account proved it owns it). Only orders that joined
 * lead here, so an e-mail typed at checkout never opens anyone's cards, address or memberships.
 * The account tabs show and change what all of them hold.
 */
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";
import { purchaseSessionIds } from "../orders/queries.server";
import { NotFoundAtProviderError, type PaymentProvider } from "../payments/provider.server";
import { sessionCustomerIds } from "../payments/sessions.server";
import { accountPaymentCustomerId } from "./users.server";

export interface AccountServices {
  db: Database;
  payments: PaymentProvider;
  log: Logger;
}

/** The account's own customer first, then those of its purchases, newest first. */
export async function paymentCustomersOf(db: Database, userId: string): Promise<string[]> {
  const [own, sessionIds] = await Promise.all([
    accountPaymentCustomerId(db, userId),
    purchaseSessionIds(db, { userId }),
  ]);
  const paid = await sessionCustomerIds(db, sessionIds);
  return [...new Set(own ? [own, ...paid] : paid)];
}

/** A customer the provider no longer knows (deleted, or of another provider) holds nothing. */
export async function unlessMissing<T>(call: Promise<T>, missing: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NotFoundAtProviderError) return missing;
    throw error;
  }
}

/** What `read` finds at each of the account's customers, together. */
export async function collectFromCustomers<T>(
  services: AccountServices,
  userId: string,
  read: (customerId: string) => Promise<T[]>,
): Promise<T[]> {
  const customers = await paymentCustomersOf(services.db, userId);
  const found = await Promise.all(customers.map((id) => unlessMissing(read(id), [])));
  return found.flat();
}

/**
 * Gives every customer of the account its new name and e-mail. When one refuses, those already
 * changed get `previous` back, and the error is thrown on.
 */
export async function renamePaymentCustomers(
  services: AccountServices,
  customerIds: string[],
  details: { current: { name: string; email: string }; previous: { name: string; email: string } },
): Promise<void> {
  const renamed: string[] = [];
  try {
    for (const customerId of customerIds) {
      await unlessMissing(services.payments.updateCustomer(customerId, details.current), undefined);
      renamed.push(customerId);
    }
  } catch (error) {
    for (const customerId of renamed) {
      await services.payments.updateCustomer(customerId, details.previous).catch((restoreError) => {
        services.log.error(
          { err: restoreError, customerId },
          "payment customer keeps the new name and e-mail",
        );
      });
    }
    throw error;
  }
}
