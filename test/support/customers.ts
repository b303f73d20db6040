/** The account tests' shop, and paying as they do: through the sandbox, signed in or as a guest. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { SandboxField } from "~core/sandbox-checkout";
import { createCheckout } from "../../server/checkout/create.server";
import { accountPaymentCustomerId } from "../../server/customers/users.server";
import { orders } from "../../server/db/schema.server";
import { findOrderByCheckoutSession, type Order } from "../../server/orders/queries.server";
import { paySandboxCheckout } from "../../server/payments/sandbox/pay.server";
import { createTestShop, type TestCustomer, type TestShop, testPublicUrl } from "./auth";
import type { TestEngine } from "./database";

let clientNumber = 0;

/** Each call comes from an address of its own, clear of the per-address limits. */
export const nextClientIp = () => `192.0.2.${(clientNumber++ % 250) + 1}`;

/**
 * The shop of a describe block, created before its tests and disposed after them: `shop()`,
 * its database `db()`, and `services()` for a request from an address of its own.
 */
export function shopForTests(engine: TestEngine) {
  let created: TestShop | undefined;
  beforeAll(async () => {
    created = await createTestShop(engine);
  });
  afterAll(() => created?.dispose());
  const shop = (): TestShop => {
    if (!created) throw new Error("The test shop is not ready yet");
    return created;
  };
  return {
    shop,
    db: () => shop().database.db,
    services: () => shop().services(nextClientIp()),
  };
}

export const membershipCart = [{ itemId: "everydayLuxury", quantity: 1 }];
export const bottlesCart = [{ itemId: "luxe", quantity: 2 }];

/** The sandbox's payment page as Ada Lovelace fills it in with `email` and the card that succeeds. */
export function sandboxPaymentForm(email: string): Record<SandboxField, string> {
  return {
    email,
    name: "Ada Lovelace",
    line1: "12 Grove Street",
    line2: "",
    city: "Mountain View",
    state: "CA",
    postalCode: "94041",
    cardNumber: "4242 4242 4242 4242",
    expiry: "03/29",
    cvc: "123",
  };
}

/** A guest's order just paid, as the guest's page lists it. */
export const justPaidGuestOrder = {
  id: expect.any(String),
  paymentStatus: "paid",
  fulfilmentStatus: "unfulfilled",
  trackingUrl: null,
};

/**
 * Pays through the sandbox, signed in as `customer` or as a guest, typing `email` on the
 * payment page; the checkout session id.
 */
export async function payThroughSandbox(
  shop: TestShop,
  items: Array<{ itemId: string; quantity: number }>,
  payer: { email: string; customer?: TestCustomer },
): Promise<string> {
  const services = shop.services(nextClientIp());
  const user = payer.customer?.user;
  const opened = await createCheckout(services, {
    body: { items, localPickup: false },
    clientIp: nextClientIp(),
    cancelUrl: `${testPublicUrl}/`,
    affiliate: null,
    customer: user && {
      userId: user.id,
      email: user.email,
      paymentCustomerId: await accountPaymentCustomerId(services.db, user.id),
    },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const paid = await paySandboxCheckout(
    {
      db: services.db,
      publicUrl: testPublicUrl,
      shopTimeZone: services.config.shopTimeZone,
      log: services.log,
    },
    opened.sessionId,
    sandboxPaymentForm(payer.email),
  );
  if (paid.outcome !== "paid") throw new Error(`not paid: ${paid.outcome}`);
  return opened.sessionId;
}

/**
 * An order of two Luxe bottles paid through the sandbox, by a guest unless `customer` is given,
 * as the shop recorded it; `pickup` makes it a local pickup order.
 */
export async function paidOrder(
  shop: TestShop,
  email: string,
  options: { pickup?: boolean; customer?: TestCustomer } = {},
): Promise<Order> {
  const sessionId = await payThroughSandbox(shop, bottlesCart, {
    email,
    customer: options.customer,
  });
  const db = shop.database.db;
  const hasLocalPickup = options.pickup ?? false;
  const [order] = await db
    .update(orders)
    .set({ hasLocalPickup })
    .where(eq(orders.checkoutSessionId, sessionId))
    .returning();
  if (!order) throw new Error(`no order for ${sessionId}`);
  return order;
}

/** The guest an order paid without signing in was recorded under. */
export async function guestIdOf(shop: TestShop, sessionId: string): Promise<string> {
  const order = await findOrderByCheckoutSession(shop.database.db, sessionId);
  if (!order?.guestId) throw new Error(`no guest for ${sessionId}`);
  return order.guestId;
}
