import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import type { PaymentProvider } from "./provider.server";
import { createSandboxProvider } from "./sandbox/provider.server";
import { createStripeProvider } from "./stripe/provider.server";

/** The provider the configuration names: Stripe when its keys are set, otherwise the sandbox. */
export function createPaymentProvider(
  config: Pick<ResolvedConfig, "payments" | "publicUrl">,
  db: Database,
): PaymentProvider {
  if (config.payments.provider === "stripe") {
    return createStripeProvider({
      secretKey: config.payments.secretKey,
      webhookSecret: config.payments.webhookSecret,
      api: config.payments.api,
    });
  }
  return createSandboxProvider({ db, publicUrl: config.publicUrl });
}
