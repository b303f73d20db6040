import { handlePaymentEvent } from "../orders/payment-events.server";
import { readShopTimeZone } from "../settings/settings.server";
import type { PaymentServices } from "./context.server";
import { InvalidEventError, type PaymentEvent } from "./provider.server";

/**
 * `POST /api/webhooks/stripe`: verifies the signature of the raw body, then handles the event.
 * Unverifiable or unreadable deliveries get 400 and change nothing; a failure while handling
 * gets 500, so the provider delivers the event again later.
 */
export async function receivePaymentWebhook(
  request: Request,
  services: Pick<PaymentServices, "db" | "payments" | "config" | "log">,
): Promise<Response> {
  const body = Buffer.from(await request.arrayBuffer());
  let event: PaymentEvent;
  try {
    event = await services.payments.parseWebhookEvent(
      body,
      request.headers.get("Stripe-Signature") ?? undefined,
    );
  } catch (error) {
    if (!(error instanceof InvalidEventError)) throw error;
    services.log.warn({ reason: error.message }, "payment webhook refused");
    return Response.json({ error: error.message }, { status: 400 });
  }
  const result = await handlePaymentEvent(
    {
      db: services.db,
      payments: services.payments,
      publicUrl: services.config.publicUrl,
      shopTimeZone: await readShopTimeZone(services.db, services.config),
    },
    event,
  );
  const entry = { event: event.id, type: event.type, result };
  if (result.outcome === "unknown")
    services.log.error(entry, "paid, but the shop has no record of it");
  else services.log.info(entry, "payment event");
  return Response.json({ received: true });
}
