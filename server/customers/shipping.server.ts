/** The account's shipping information (spec: Shipping info), kept at the payment provider. */
import type { Failure } from "../auth/outcome.server";
import type { ShippingInfo } from "../payments/provider.server";
import {
  type AccountServices,
  paymentCustomersOf,
  unlessMissing,
} from "./payment-customers.server";
import { providerFailure, refusal } from "./refusal.server";

/** The address of the account's first customer that has one. */
export async function accountShippingInfo(
  services: AccountServices,
  userId: string,
): Promise<ShippingInfo | null> {
  for (const customerId of await paymentCustomersOf(services.db, userId)) {
    const shipping = await unlessMissing(services.payments.getShippingInfo(customerId), null);
    if (shipping) return shipping;
  }
  return null;
}

/**
 * Every customer of the account gets the new address, so that each membership's next bottles
 * ship there. An account that never paid has no shipping information to change.
 */
export async function updateAccountShippingInfo(
  services: AccountServices,
  userId: string,
  shipping: ShippingInfo,
): Promise<{ ok: true } | Failure> {
  const customers = await paymentCustomersOf(services.db, userId);
  let updated = 0;
  try {
    for (const customerId of customers) {
      const done = services.payments.updateShippingInfo(customerId, shipping).then(() => true);
      if (await unlessMissing(done, false)) updated += 1;
    }
  } catch (error) {
    services.log.error({ err: error, userId }, "shipping information could not be updated");
    return providerFailure("We could not update your shipping information. Please try again.");
  }
  if (updated === 0) {
    return refusal(404, "NOT_FOUND", "There is no shipping information on file to update");
  }
  return { ok: true };
}
