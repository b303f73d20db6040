import type { PaymentServices } from "../payments/context.server";
import { releaseSessionUse } from "../promotions/promotions.server";

/**
 * The shopper cancels an open checkout: the provider closes the session, so it can no longer be
 * paid, and what it held (a limited promotion's use) is given back at once. A session paid
 * meanwhile keeps everything.
 */
export async function cancelCheckout(
  services: Pick<PaymentServices, "db" | "payments">,
  sessionId: string,
): Promise<boolean> {
  if (!(await services.payments.expireCheckoutSession(sessionId))) return false;
  await releaseSessionUse(services.db, sessionId);
  return true;
}
