import type { RequestHandler } from "express";
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";
import { handlePaymentEvent } from "../orders/payment-events.server";
import { InvalidEventError, type PaymentEvent, type PaymentProvider } from "./provider.server";

export interface WebhookDeps {
  db: Database;
  payments: PaymentProvider;
  config: { publicUrl: string };
  log: Logger;
}

/**
 * `POST /api/webhooks/stripe`: verifies the signature of the raw body, then handles the event.
 * Unverifiable deliveries get 400 and change nothing; a failure while handling gets 500, so the
 * provider delivers the event again later.
 */
export function paymentWebhookRoute(deps: WebhookDeps): RequestHandler {
  return async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: PaymentEvent;
    try {
      event = await deps.payments.parseWebhookEvent(body, req.header("stripe-signature"));
    } catch (error) {
      if (!(error instanceof InvalidEventError)) throw error;
      deps.log.warn({ reason: error.message }, "payment webhook refused");
      res.status(400).json({ error: error.message });
      return;
    }
    const result = await handlePaymentEvent(
      { db: deps.db, publicUrl: deps.config.publicUrl },
      event,
    );
    const entry = { event: event.id, type: event.type, result };
    if (result.status === "unknown")
      deps.log.error(entry, "paid, but the shop has no record of it");
    else deps.log.info(entry, "payment event");
    res.json({ received: true });
  };
}
