import { methodNotAllowed } from "~server/http/request-checks.server";
import { paymentServices } from "~server/payments/context.server";
import { receivePaymentWebhook } from "~server/payments/webhook.server";
import type { Route } from "./+types/api.webhooks.stripe";

/** The payment provider's events: paid checkouts, renewals, cancellations. */
export function action({ request, context }: Route.ActionArgs) {
  return receivePaymentWebhook(request, paymentServices(context));
}

export function loader() {
  return methodNotAllowed("POST");
}
