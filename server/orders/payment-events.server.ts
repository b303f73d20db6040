/** What the shop does with a verified payment event, whichever provider reported it. */
import { endSubscription } from "../memberships/memberships.server";
import {
  followSubscription,
  recordFailedRenewal,
  saveSubscriptionCard,
} from "../memberships/subscription-events.server";
import type { PaymentEvent, PaymentProvider } from "../payments/provider.server";
import {
  type FulfilmentDeps,
  type FulfilmentResult,
  fulfilCheckout,
  fulfilRenewal,
} from "./fulfil.server";
import { reconcileRefunds } from "./refunds.server";

export async function handlePaymentEvent(
  deps: FulfilmentDeps & { payments: Pick<PaymentProvider, "setSubscriptionCard"> },
  event: PaymentEvent,
): Promise<FulfilmentResult> {
  switch (event.type) {
    case "checkout.completed":
      return fulfilCheckout(deps, event);
    case "invoice.paid":
      return fulfilRenewal(deps, event);
    case "invoice.failed":
      return recordFailedRenewal(deps.db, event);
    case "subscription.updated":
      return followSubscription(deps.db, event);
    case "card.saved":
      return saveSubscriptionCard(deps, event);
    case "subscription.ended": {
      const { cancelled } = await endSubscription(deps.db, event);
      return cancelled > 0 ? { outcome: "updated" } : { outcome: "already-done" };
    }
    case "payment.refunded": {
      const outcome = await reconcileRefunds(deps.db, event.id, event.payment);
      return outcome === "unknown"
        ? { outcome, reason: `no order for ${event.payment.paymentReferences.join(", ")}` }
        : { outcome };
    }
    case "ignored":
      return { outcome: "ignored", reason: `not handled: ${event.providerType}` };
  }
}
