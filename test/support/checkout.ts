/** Shared set-up of the checkout, order and payment tests, and of the checkout benchmark. */

import {
  type CheckoutServices,
  type CreateCheckoutInput,
  createCheckout,
} from "../../server/checkout/create.server";
import { loadConfig } from "../../server/config.server";
import type { Database } from "../../server/db/client.server";
import type { PostalAddress } from "../../server/db/schema.server";
import { seedDemoData } from "../../server/db/seed/seed.server";
import { createLogger } from "../../server/logger.server";
import type { CheckoutSessionInfo, PaymentProvider } from "../../server/payments/provider.server";
import { createSandboxProvider } from "../../server/payments/sandbox/provider.server";
import { findCheckoutSession } from "../../server/payments/sessions.server";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./database";

export const testConfig = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "http://shop.test",
  AUTH_SECRET: "a-test-secret-that-is-long-enough-to-sign",
  LOG_LEVEL: "silent",
});

export const silentLog = createLogger({ level: "silent", pretty: false });

export type TestShop = CheckoutServices & { publicUrl: string; shopTimeZone: string };

/** The address the tests ship to. */
export const testAddress: PostalAddress = {
  line1: "12 Grove Street",
  line2: null,
  city: "Mountain View",
  state: "CA",
  postalCode: "94041",
  country: "US",
};

export function testShop(db: Database, payments?: PaymentProvider): TestShop {
  return {
    db,
    config: testConfig,
    log: silentLog,
    payments: payments ?? createSandboxProvider({ db, publicUrl: testConfig.publicUrl }),
    publicUrl: testConfig.publicUrl,
    shopTimeZone: testConfig.shopTimeZone,
  };
}

/** A migrated database with the demo data, and a sandbox shop on it. */
export async function seededShop(
  engine: TestEngine,
): Promise<{ database: TestDatabase; shop: TestShop }> {
  const database = await createTestDatabase(engine);
  await seedDemoData(database.db, { onlyIfEmpty: false });
  return { database, shop: testShop(database.db) };
}

let clientCounter = 0;

/** Opens a checkout session as the checkout endpoint would; each call counts as another client. */
export async function openCheckout(
  shop: TestShop,
  body: unknown,
  input: Partial<Omit<CreateCheckoutInput, "body">> = {},
): Promise<string> {
  const result = await createCheckout(shop, {
    body,
    clientIp: `test-client-${clientCounter++}`,
    cancelUrl: `${shop.publicUrl}/our-olive-oils`,
    affiliate: null,
    ...input,
  });
  if (!result.ok) throw new Error(`checkout refused: ${result.error.message}`);
  return result.sessionId;
}

/** The provider's report of a paid session, with the shop's totals unless overridden. */
export async function paidSession(
  db: Database,
  sessionId: string,
  overrides: Partial<CheckoutSessionInfo> = {},
): Promise<CheckoutSessionInfo> {
  const record = await findCheckoutSession(db, sessionId);
  if (!record) throw new Error(`no checkout session ${sessionId}`);
  return {
    id: sessionId,
    status: "complete",
    paid: true,
    customerId: "cus_test_1",
    customer: { name: "Ada King Lovelace", email: "ada@example.com" },
    shipping: record.hasLocalPickup ? null : { name: "Ada King Lovelace", address: testAddress },
    amounts: {
      totalCents: record.totalCents,
      shippingCents: record.shippingCents,
      taxCents: 0,
      discountCents: record.discountCents,
    },
    affiliate: record.affiliate,
    subscription: null,
    ...overrides,
  };
}
