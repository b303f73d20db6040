import type { Database } from "../db/client.server";
import type { PaymentServices } from "../payments/context.server";
import { releaseSessionUse } from "../promotions/promotions.server";
import { releaseHolds } from "../stock/stock.server";

/** What a closed session held goes back: a limited promotion's use and its bottles. */
export async function releaseWhatSessionHeld(db: Database, sessionId: string): Promise<void> {
  await releaseSessionUse(db, sessionId);
  await releaseHolds(db, { checkoutSessionId: sessionId });
}

/**
 * The shopper cancels an open checkout: the provider closes the session, so it can no longer be
 * paid, and what it held (a limited promotion's use, its bottles) is given back at once. A session paid
 * meanwhile keeps everything.
 */
export async function cancelCheckout(
  services: Pick<PaymentServices, "db" | "payments">,
  sessionId: string,
): Promise<boolean> {
  if (!(await services.payments.expireCheckoutSession(sessionId))) return false;
  await releaseWhatSessionHeld(services.db, sessionId);
  return true;
}
