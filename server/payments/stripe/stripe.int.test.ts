import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specCatalog } from "~core/catalog";
import type { MemberRequest } from "~core/membership-rules";
import {
  openCheckout,
  silentLog,
  type TestShop,
  testAddress,
  testShop,
} from "../../../test/support/checkout";
import { createTestDatabase, type TestDatabase, testEngines } from "../../../test/support/database";
import {
  type FakeStripe,
  startFakeStripe,
  stripeTestAddress,
} from "../../../test/support/fake-stripe";
import { mailOutbox, memberships, orders, users } from "../../db/schema.server";
import { seedDemoData } from "../../db/seed/seed.server";
import { openProviderCardUpdate } from "../../memberships/account.server";
import { changeMembership } from "../../memberships/lifecycle.server";
import { listMemberships } from "../../memberships/memberships.server";
import { confirmCheckout } from "../../orders/confirmation.server";
import { findOrderByCheckoutSession } from "../../orders/queries.server";
import { refundOrder } from "../../orders/refunds.server";
import { NotFoundAtProviderError, type PaymentProvider } from "../provider.server";
import { receivePaymentWebhook } from "../webhook.server";
import { createStripeProvider } from "./provider.server";

const secretKey = "sk_test_fake_key";
const webhookSecret = "whsec_test_secret";
const signer = new Stripe(secretKey);

function completedSession(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    object: "checkout.session",
    status: "complete",
    payment_status: "paid",
    customer: "cus_stripe_1",
    customer_details: { name: "Ada Lovelace", email: "ada@stripe.example" },
    collected_information: {
      shipping_details: { name: "Ada Lovelace", address: stripeTestAddress },
    },
    total_details: { amount_shipping: 1500, amount_tax: 0, amount_discount: 0 },
    amount_total: 8800,
    metadata: { affiliate: "maria" },
    subscription: null,
    ...overrides,
  };
}

const subscriptionObject = {
  id: "sub_stripe_1",
  object: "subscription",
  customer: "cus_stripe_1",
  status: "active",
  items: {
    object: "list",
    data: [
      {
        id: "si_stripe_1",
        object: "subscription_item",
        quantity: 1,
        current_period_end: Date.parse("2026-12-22T10:00:00Z") / 1000,
        price: {
          id: "price_1",
          object: "price",
          unit_amount: 4900,
          product: { id: "prod_1", object: "product", metadata: { itemId: "everydayLuxury" } },
        },
      },
    ],
  },
};

describe.each(testEngines)("the Stripe provider on %s", (engine) => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let shop: TestShop;
  let sessionCounter = 0;
  let payments: PaymentProvider;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, { onlyIfEmpty: false });
    fake = await startFakeStripe();
    payments = createStripeProvider({ secretKey, webhookSecret, api: fake.api });
    shop = testShop(database.db, payments);
    fake.on("POST", "/v1/coupons", () => ({ id: "coupon_once_1", object: "coupon" }));
    fake.on("POST", "/v1/checkout/sessions", () => {
      const id = `cs_test_${++sessionCounter}`;
      return { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` };
    });
    fake.on("GET", "/v1/subscriptions/sub_stripe_1", () => subscriptionObject);
  });
  afterAll(async () => {
    await fake.close();
    await database.dispose();
  });

  function lastRequest(method: string, path: string) {
    return fake.requests
      .filter((request) => request.method === method && request.path === path)
      .at(-1);
  }

  /** Posts `payload` to the webhook, signed unless `signature` is given ("" for none). */
  function post(payload: string, signature?: string) {
    const header =
      signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const headers = new Headers({ "Content-Type": "application/json" });
    if (header) headers.set("Stripe-Signature", header);
    const request = new Request("http://shop.test/api/webhooks/stripe", {
      method: "POST",
      headers,
      body: payload,
    });
    return receivePaymentWebhook(request, shop);
  }

  const deliver = (event: object, signature?: string) => post(JSON.stringify(event), signature);

  const event = (id: string, type: string, object: object) => ({
    id,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

  it("opens a hosted session with the shop's prices, US shipping, the coupon and the affiliate", async () => {
    const sessionId = await openCheckout(
      shop,
      {
        items: [
          { itemId: "luxe", quantity: 1 },
          { itemId: "holidayTastingCollection", quantity: 2 },
        ],
        localPickup: false,
        promoCode: "WELCOME10",
      },
      { affiliate: "maria" },
    );
    expect(sessionId).toMatch(/^cs_test_/);
    const coupon = lastRequest("POST", "/v1/coupons");
    expect(coupon?.authorization).toBe(`Bearer ${secretKey}`);
    expect(coupon?.params).toMatchObject({
      amount_off: "330",
      currency: "usd",
      duration: "once",
      max_redemptions: "1",
      name: "WELCOME10",
    });
    expect(lastRequest("POST", "/v1/checkout/sessions")?.params).toMatchObject({
      mode: "payment",
      success_url: "http://shop.test/order-confirmation?sessionId={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shop.test/our-olive-oils",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "3300",
      "line_items[0][price_data][product_data][name]": "Luxe 375 ml",
      "line_items[0][price_data][product_data][metadata][itemId]": "luxe",
      "line_items[1][quantity]": "2",
      "line_items[1][price_data][unit_amount]": "4900",
      "shipping_address_collection[allowed_countries][0]": "US",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "0",
      "shipping_options[0][shipping_rate_data][display_name]": "Free shipping",
      "discounts[0][coupon]": "coupon_once_1",
      "metadata[affiliate]": "maria",
      customer_creation: "always",
    });
  });

  it("opens sessions to close after 31 minutes, and closes one for a cancelled checkout", async () => {
    const before = Math.floor(Date.now() / 1000);
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: true,
    });
    const expiresAt = Number(lastRequest("POST", "/v1/checkout/sessions")?.params.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - before).toBeLessThan(32 * 60);
    fake.on("POST", `/v1/checkout/sessions/${sessionId}/expire`, () =>
      completedSession(sessionId, { status: "expired" }),
    );
    expect(await payments.expireCheckoutSession(sessionId)).toBe(true);
    expect(await payments.expireCheckoutSession("cs_test_unknown")).toBe(false);
  });

  it("opens memberships as a monthly subscription, for a known customer, without a shipping fee", async () => {
    await database.db
      .insert(users)
      .values({ id: "u1", name: "Member", email: "member@example.com" });
    await openCheckout(
      shop,
      { items: [{ itemId: "trueConnoisseur", quantity: 1 }], localPickup: true },
      { customer: { userId: "u1", email: "member@example.com", paymentCustomerId: "cus_known" } },
    );
    const params = lastRequest("POST", "/v1/checkout/sessions")?.params ?? {};
    expect(params).toMatchObject({
      mode: "subscription",
      customer: "cus_known",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][unit_amount]": "6900",
    });
    expect(Object.keys(params).some((key) => key.startsWith("shipping_"))).toBe(false);
    expect(params.customer_email).toBeUndefined();
    expect(params.customer_creation).toBeUndefined();
  });

  it("creates the order from a signed checkout.session.completed, once however often it arrives", async () => {
    const sessionId = await openCheckout(shop, {
      items: [
        { itemId: "luxe", quantity: 1 },
        { itemId: "privateReserve", quantity: 1 },
      ],
      localPickup: false,
    });
    const completed = event(
      "evt_completed_1",
      "checkout.session.completed",
      completedSession(sessionId),
    );
    const responses = await Promise.all([1, 2, 3].map(() => deliver(completed)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(
      await deliver(
        event(
          "evt_async_1",
          "checkout.session.async_payment_succeeded",
          completedSession(sessionId),
        ),
      ),
    ).toHaveProperty("status", 200);

    expect(await findOrderByCheckoutSession(database.db, sessionId)).toMatchObject({
      email: "ada@stripe.example",
      totalCents: 8800,
      shippingCents: 1500,
      affiliate: "maria",
      address: { line1: "12 Grove Street", postalCode: "94041" },
    });
    expect(
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ada@stripe.example")),
    ).toHaveLength(1);
  });

  it("refunds a purchase's PaymentIntent with the form's key, and records refunds made at Stripe", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    const customer = { name: "Rita Refund", email: "rita@stripe.example" };
    await deliver(
      event(
        "evt_completed_refund",
        "checkout.session.completed",
        completedSession(sessionId, { customer_details: customer }),
      ),
    );
    const order = await findOrderByCheckoutSession(database.db, sessionId);
    if (!order) throw new Error("no order");
    fake.on("GET", `/v1/checkout/sessions/${sessionId}`, () =>
      completedSession(sessionId, { payment_intent: "pi_refund_1" }),
    );
    fake.on("POST", "/v1/refunds", (request) => ({
      id: `re_${request.idempotencyKey}`,
      object: "refund",
      amount: Number(request.params.amount),
    }));
    const clerk = { id: "staff-1", email: "clerk@example.com" };
    const key = "stripe-refund-key-0001";
    const refunded = await refundOrder({ db: database.db, payments }, clerk, order.id, {
      kind: "refund",
      key,
      amountCents: 1000,
      reason: "Broken",
    });
    expect(refunded).toMatchObject({ ok: true, refund: { providerRefundId: `re_${key}` } });
    expect(lastRequest("POST", "/v1/refunds")).toMatchObject({
      params: { payment_intent: "pi_refund_1", amount: "1000", "metadata[orderId]": order.id },
      idempotencyKey: key,
    });

    fake.on("GET", "/v1/checkout/sessions", () => ({
      object: "list",
      data: [{ id: sessionId, object: "checkout.session" }],
      has_more: false,
    }));
    fake.on("GET", "/v1/invoice_payments", () => ({ object: "list", data: [], has_more: false }));
    const charge = (amountRefunded: number) => ({
      id: "ch_refund_1",
      object: "charge",
      payment_intent: "pi_refund_1",
      amount_refunded: amountRefunded,
    });
    await deliver(event("evt_refunded_1", "charge.refunded", charge(1000)));
    expect(await findOrderByCheckoutSession(database.db, sessionId)).toMatchObject({
      refundedCents: 1000,
    });
    expect(lastRequest("GET", "/v1/invoice_payments")?.params).toMatchObject({
      "payment[type]": "payment_intent",
      "payment[payment_intent]": "pi_refund_1",
    });
    // Refunded at Stripe's end for 15 more dollars: the shop records it, and says so.
    expect(await deliver(event("evt_refunded_2", "charge.refunded", charge(2500)))).toHaveProperty(
      "status",
      200,
    );
    expect(await findOrderByCheckoutSession(database.db, sessionId)).toMatchObject({
      refundedCents: 2500,
      paymentStatus: "partially_refunded",
      fulfilmentStatus: "unfulfilled",
    });
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email));
    expect(mails.map((mail) => [mail.template, mail.payload.amountCents])).toEqual([
      ["order-confirmation", undefined],
      ["order-refunded", 1000],
      ["order-refunded", 1500],
    ]);
  });

  it("refuses a bad signature, a stale timestamp and a missing signature, changing nothing", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    const completed = event(
      "evt_forged",
      "checkout.session.completed",
      completedSession(sessionId, { customer_details: { name: "Eve", email: "eve@example.com" } }),
    );
    const payload = JSON.stringify(completed);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" });
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(completed, forged)).status).toBe(400);
    expect((await deliver(completed, stale)).status).toBe(400);
    expect((await post(payload, "")).status).toBe(400);
    // Correctly signed, but not JSON: refused too, not a failure to retry.
    expect((await post("{ not json")).status).toBe(400);
    expect(await findOrderByCheckoutSession(database.db, sessionId)).toBeNull();
    expect(
      await database.db.select().from(orders).where(eq(orders.email, "eve@example.com")),
    ).toHaveLength(0);
  });

  it("waits for the payment of an unpaid session", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    await deliver(
      event(
        "evt_unpaid",
        "checkout.session.completed",
        completedSession(sessionId, { payment_status: "unpaid" }),
      ),
    );
    expect(await findOrderByCheckoutSession(database.db, sessionId)).toBeNull();
    fake.on("GET", `/v1/checkout/sessions/${sessionId}`, () => completedSession(sessionId));
    expect(await shop.payments.retrieveCheckoutSession(sessionId)).toMatchObject({
      status: "complete",
      paid: true,
      customer: { email: "ada@stripe.example" },
    });
    expect(await shop.payments.retrieveCheckoutSession("cs_test_unknown")).toBeNull();
  });

  it("lets the confirmation page fulfil a paid session whose event is late, once", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "premium", quantity: 2 }],
      localPickup: false,
    });
    const deps = {
      db: database.db,
      payments: shop.payments,
      publicUrl: shop.publicUrl,
      shopTimeZone: shop.shopTimeZone,
      log: silentLog,
    };
    fake.on("GET", `/v1/checkout/sessions/${sessionId}`, () =>
      completedSession(sessionId, { status: "open", payment_status: "unpaid" }),
    );
    expect(await confirmCheckout(deps, sessionId)).toEqual({ outcome: "processing" });

    fake.on("GET", `/v1/checkout/sessions/${sessionId}`, () =>
      completedSession(sessionId, {
        customer_details: { name: "Late Event", email: "late@stripe.example" },
      }),
    );
    const [first, second] = await Promise.all([
      confirmCheckout(deps, sessionId),
      confirmCheckout(deps, sessionId),
    ]);
    expect(first).toMatchObject({
      outcome: "confirmed",
      orderCount: 1,
      order: { email: "late@stripe.example" },
    });
    expect(second).toEqual(first);
    await deliver(event("evt_late", "checkout.session.completed", completedSession(sessionId)));
    expect(
      await database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)),
    ).toHaveLength(1);

    fake.on("GET", "/v1/checkout/sessions/cs_test_gone", () =>
      completedSession("cs_test_gone", { status: "expired" }),
    );
    expect(await confirmCheckout(deps, "cs_test_gone")).toEqual({ outcome: "unknown" });
  });

  describe("memberships", () => {
    let sessionId: string;
    beforeAll(async () => {
      sessionId = await openCheckout(shop, {
        items: [{ itemId: "everydayLuxury", quantity: 1 }],
        localPickup: false,
      });
      await deliver(
        event(
          "evt_member",
          "checkout.session.completed",
          completedSession(sessionId, {
            subscription: "sub_stripe_1",
            amount_total: 4900,
            customer_details: { name: "Mia Member", email: "mia@stripe.example" },
            total_details: { amount_shipping: 0, amount_tax: 0, amount_discount: 0 },
          }),
        ),
      );
    });

    it("records the subscription's items and next invoice date", async () => {
      const rows = await database.db
        .select()
        .from(memberships)
        .where(eq(memberships.subscriptionId, "sub_stripe_1"));
      expect(rows).toEqual([
        expect.objectContaining({
          subscriptionItemId: "si_stripe_1",
          customerId: "cus_stripe_1",
          itemId: "everydayLuxury",
          unitPriceCents: 4900,
          status: "active",
          nextInvoiceAt: new Date("2026-12-22T10:00:00Z"),
        }),
      ]);
      expect(lastRequest("GET", "/v1/subscriptions/sub_stripe_1")?.params).toMatchObject({
        "expand[0]": "items.data.price.product",
      });
    });

    it("creates a renewal order for each paid monthly invoice, not for the first one", async () => {
      const invoice = (id: string, billingReason: string) => ({
        id,
        object: "invoice",
        billing_reason: billingReason,
        amount_paid: 4900,
        total_taxes: [],
        total_discount_amounts: [],
        period_end: Date.parse("2026-12-22T10:00:00Z") / 1000,
        customer_shipping: { name: "Mia Member", address: stripeTestAddress },
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: "sub_stripe_1" },
        },
        lines: {
          object: "list",
          data: [
            { id: "il_1", period: { start: 0, end: Date.parse("2027-01-22T10:00:00Z") / 1000 } },
          ],
        },
      });
      await deliver(
        event("evt_invoice_first", "invoice.paid", invoice("in_first", "subscription_create")),
      );
      expect(await findOrderByCheckoutSession(database.db, "in_first")).toBeNull();

      const renewal = event(
        "evt_invoice_cycle",
        "invoice.paid",
        invoice("in_cycle", "subscription_cycle"),
      );
      await deliver(renewal);
      await deliver(renewal);
      const order = await findOrderByCheckoutSession(database.db, "in_cycle");
      expect(order).toMatchObject({
        kind: "renewal",
        email: "mia@stripe.example",
        totalCents: 4900,
        subscriptionId: "sub_stripe_1",
      });
      expect(order?.items.map((item) => [item.itemName, item.quantity])).toEqual([
        ["Everyday Luxury", 1],
      ]);
      const [row] = await database.db
        .select()
        .from(memberships)
        .where(eq(memberships.subscriptionId, "sub_stripe_1"));
      expect(row?.nextInvoiceAt).toEqual(new Date("2027-01-22T10:00:00Z"));
    });

    it("lists the customer's subscriptions from Stripe", async () => {
      fake.on("GET", "/v1/subscriptions", () => ({
        object: "list",
        data: [subscriptionObject],
        has_more: false,
      }));
      expect(await listMemberships(shop.payments, "cus_stripe_1", specCatalog)).toEqual([
        {
          productName: "Everyday Luxury",
          description: "2 Luxe (375 ml) every month",
          unitPriceCents: 4900,
          quantity: 1,
          nextInvoiceDate: Date.parse("2026-12-22T10:00:00Z") / 1000,
          subscriptionId: "sub_stripe_1",
          subscriptionItemId: "si_stripe_1",
        },
      ]);
      expect(lastRequest("GET", "/v1/subscriptions")?.params).toMatchObject({
        customer: "cus_stripe_1",
        status: "active",
      });
    });

    it("cancels only the customer's own subscription: the last item ends it", async () => {
      fake.on("DELETE", "/v1/subscriptions/sub_stripe_1", () => ({
        ...subscriptionObject,
        status: "canceled",
      }));
      await expect(
        shop.payments.cancelSubscriptionItem("cus_intruder", {
          subscriptionId: "sub_stripe_1",
          subscriptionItemId: "si_stripe_1",
        }),
      ).rejects.toBeInstanceOf(NotFoundAtProviderError);
      expect(lastRequest("DELETE", "/v1/subscriptions/sub_stripe_1")).toBeUndefined();
      await shop.payments.cancelSubscriptionItem("cus_stripe_1", {
        subscriptionId: "sub_stripe_1",
        subscriptionItemId: "si_stripe_1",
      });
      expect(lastRequest("DELETE", "/v1/subscriptions/sub_stripe_1")).toBeDefined();
    });

    it("ends the membership on customer.subscription.deleted, with one e-mail", async () => {
      const deleted = event("evt_deleted", "customer.subscription.deleted", {
        ...subscriptionObject,
        status: "canceled",
      });
      await deliver(deleted);
      await deliver(deleted);
      await deliver({ ...deleted, id: "evt_deleted_again" });
      const [row] = await database.db
        .select()
        .from(memberships)
        .where(eq(memberships.subscriptionId, "sub_stripe_1"));
      expect(row?.status).toBe("canceled");
      const mail = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, "membership-cancelled"));
      expect(mail).toEqual([expect.objectContaining({ to: "mia@stripe.example" })]);
      expect(mail[0]?.payload).toMatchObject({
        membershipName: "Everyday Luxury",
        customerFirstName: "Mia",
      });
    });
  });

  describe("dunning and a new card, with Stripe's retries", () => {
    const subscriptionId = "sub_dunning";
    const customerId = "cus_dunning";
    const email = "dana@stripe.example";
    const dunningSubscription = {
      ...subscriptionObject,
      id: subscriptionId,
      customer: customerId,
      latest_invoice: "in_dunning",
      items: {
        ...subscriptionObject.items,
        data: subscriptionObject.items.data.map((item) => ({ ...item, id: "si_dunning" })),
      },
    };
    const renewalInvoice = (overrides: Record<string, unknown> = {}) => ({
      id: "in_dunning",
      object: "invoice",
      billing_reason: "subscription_cycle",
      status: "open",
      amount_due: 4900,
      amount_paid: 0,
      attempt_count: 1,
      next_payment_attempt: Date.parse("2026-12-25T10:00:00Z") / 1000,
      total_taxes: [],
      total_discount_amounts: [],
      period_end: Date.parse("2026-12-22T10:00:00Z") / 1000,
      customer_shipping: null,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscriptionId },
      },
      lines: {
        object: "list",
        data: [
          { id: "il_d", period: { start: 0, end: Date.parse("2027-01-22T10:00:00Z") / 1000 } },
        ],
      },
      ...overrides,
    });
    const membershipRow = async () => {
      const [row] = await database.db
        .select()
        .from(memberships)
        .where(eq(memberships.subscriptionId, subscriptionId));
      return row;
    };
    const mailsOf = (template: (typeof mailOutbox.$inferSelect)["template"]) =>
      database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));
    const deliverEach = (delivered: object, times: number) =>
      Promise.all(Array.from({ length: times }, () => deliver(delivered)));

    beforeAll(async () => {
      fake.on("GET", `/v1/subscriptions/${subscriptionId}`, () => dunningSubscription);
      const sessionId = await openCheckout(shop, {
        items: [{ itemId: "everydayLuxury", quantity: 1 }],
        localPickup: false,
      });
      await deliver(
        event(
          "evt_dunning_member",
          "checkout.session.completed",
          completedSession(sessionId, {
            subscription: subscriptionId,
            customer: customerId,
            amount_total: 4900,
            customer_details: { name: "Dana Dunning", email },
            total_details: { amount_shipping: 0, amount_tax: 0, amount_discount: 0 },
          }),
        ),
      );
    });

    it("puts the membership in 'Payment failed' and e-mails the link once, whatever Stripe retries", async () => {
      const failed = event("evt_failed_1", "invoice.payment_failed", renewalInvoice());
      expect((await deliverEach(failed, 3)).map((response) => response.status)).toEqual([
        200, 200, 200,
      ]);
      await deliver(
        event("evt_past_due", "customer.subscription.updated", {
          ...dunningSubscription,
          status: "past_due",
        }),
      );
      await deliver(
        event(
          "evt_failed_2",
          "invoice.payment_failed",
          renewalInvoice({ attempt_count: 2, next_payment_attempt: null }),
        ),
      );
      expect(await membershipRow()).toMatchObject({ status: "past_due", failedAttempts: 2 });
      const mails = await mailsOf("membership-payment-failed");
      expect(mails).toHaveLength(1);
      const token = (await membershipRow())?.cardUpdateToken;
      expect(mails[0]?.payload).toMatchObject({
        membershipName: "Everyday Luxury",
        amountCents: 4900,
        cardUpdatePath: `/membership/card/${token}`,
      });
    });

    it("opens Checkout in setup mode; the saved card becomes the subscription's and pays the open invoice once", async () => {
      const token = (await membershipRow())?.cardUpdateToken ?? "";
      fake.on("POST", "/v1/checkout/sessions", () => ({
        id: "cs_setup_1",
        object: "checkout.session",
        mode: "setup",
        url: "https://checkout.stripe.com/c/pay/cs_setup_1",
      }));
      expect(await openProviderCardUpdate(shop, token)).toEqual({
        outcome: "opened",
        url: "https://checkout.stripe.com/c/pay/cs_setup_1",
      });
      expect(await openProviderCardUpdate(shop, "cu_not_a_membership")).toEqual({
        outcome: "closed",
      });
      expect(lastRequest("POST", "/v1/checkout/sessions")?.params).toMatchObject({
        mode: "setup",
        currency: "usd",
        customer: customerId,
        "metadata[subscriptionId]": subscriptionId,
        "setup_intent_data[metadata][subscriptionId]": subscriptionId,
        success_url: "http://shop.test/account?tab=memberships",
      });

      // As Stripe answers: the invoice is open until it is paid, then paid.
      let invoiceStatus = "open";
      fake.on("GET", "/v1/setup_intents/seti_1", () => ({
        id: "seti_1",
        object: "setup_intent",
        status: "succeeded",
        payment_method: "pm_new",
      }));
      fake.on("POST", `/v1/subscriptions/${subscriptionId}`, () => dunningSubscription);
      fake.on("POST", `/v1/customers/${customerId}`, () => ({
        id: customerId,
        object: "customer",
      }));
      fake.on("GET", "/v1/invoices/in_dunning", () => renewalInvoice({ status: invoiceStatus }));
      fake.on("POST", "/v1/invoices/in_dunning/pay", () => {
        invoiceStatus = "paid";
        return renewalInvoice({ status: "paid", amount_paid: 4900 });
      });
      const setupCompleted = event("evt_setup_1", "checkout.session.completed", {
        id: "cs_setup_1",
        object: "checkout.session",
        mode: "setup",
        status: "complete",
        payment_status: "no_payment_required",
        customer: customerId,
        setup_intent: "seti_1",
        metadata: { subscriptionId },
      });
      for (let delivery = 0; delivery < 3; delivery += 1) {
        expect((await deliver(setupCompleted)).status).toBe(200);
      }
      expect(lastRequest("POST", `/v1/subscriptions/${subscriptionId}`)?.params).toEqual({
        default_payment_method: "pm_new",
      });
      expect(lastRequest("POST", `/v1/customers/${customerId}`)?.params).toEqual({
        "invoice_settings[default_payment_method]": "pm_new",
      });
      const payments = fake.requests.filter(
        (request) => request.path === "/v1/invoices/in_dunning/pay",
      );
      expect(payments).toHaveLength(1);
      expect(payments[0]?.params).toEqual({ payment_method: "pm_new" });
      expect(await mailsOf("membership-updated")).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({
            summary: "Your new card paid this month's renewal: your membership is active again.",
          }),
        }),
      ]);

      // The paid invoice's event, delivered three times at once: one renewal order.
      const paid = event(
        "evt_paid_after_failure",
        "invoice.paid",
        renewalInvoice({ status: "paid", amount_paid: 4900 }),
      );
      await deliverEach(paid, 3);
      await deliver({ ...paid, id: "evt_paid_after_failure_again" });
      expect(
        await database.db.select().from(orders).where(eq(orders.checkoutSessionId, "in_dunning")),
      ).toHaveLength(1);
      expect(await membershipRow()).toMatchObject({
        status: "active",
        failedAttempts: 0,
        failedAt: null,
        nextInvoiceAt: new Date("2027-01-22T10:00:00Z"),
      });
    });

    it("follows the subscription's status: a pause and its end are e-mailed, a cancellation once", async () => {
      const resumesAt = Date.parse("2027-03-22T10:00:00Z") / 1000;
      const paused = event("evt_paused", "customer.subscription.updated", {
        ...dunningSubscription,
        pause_collection: { behavior: "void", resumes_at: resumesAt },
      });
      await deliverEach(paused, 3);
      expect(await membershipRow()).toMatchObject({
        status: "paused",
        nextInvoiceAt: new Date(resumesAt * 1000),
      });
      await deliver(
        event("evt_resumed", "customer.subscription.updated", {
          ...dunningSubscription,
          pause_collection: null,
          cancel_at_period_end: true,
        }),
      );
      expect(await membershipRow()).toMatchObject({
        status: "active",
        cancelAt: new Date("2026-12-22T10:00:00Z"),
      });
      expect(
        (await mailsOf("membership-updated")).map((mail) => mail.payload.summary).slice(1),
      ).toEqual([
        "Paused: billing starts again on 3/22/2027.",
        "Ends on 12/22/2026; it will not be billed again.",
      ]);
      const canceled = event("evt_canceled", "customer.subscription.updated", {
        ...dunningSubscription,
        status: "canceled",
      });
      await deliverEach(canceled, 3);
      await deliver(
        event("evt_deleted_dunning", "customer.subscription.deleted", canceled.data.object),
      );
      expect(await membershipRow()).toMatchObject({ status: "canceled" });
      expect(await mailsOf("membership-cancelled")).toHaveLength(1);
    });
  });

  describe("a member's changes, made at Stripe", () => {
    const subscriptionId = "sub_changes";
    const customerId = "cus_changes";
    const changesSubscription = {
      ...subscriptionObject,
      id: subscriptionId,
      customer: customerId,
      items: {
        ...subscriptionObject.items,
        data: subscriptionObject.items.data.map((item) => ({ ...item, id: "si_changes" })),
      },
    };
    const now = new Date("2026-11-26T12:00:00Z");
    const seconds = (iso: string) => String(Date.parse(iso) / 1000);
    const row = async () => {
      const [found] = await database.db
        .select()
        .from(memberships)
        .where(eq(memberships.subscriptionId, subscriptionId));
      if (!found) throw new Error("no membership");
      return found;
    };
    const change = async (request: MemberRequest) =>
      changeMembership(
        { db: database.db, publicUrl: shop.publicUrl, shopTimeZone: "UTC", payments },
        {
          customerIds: [customerId],
          subscriptionItemId: "si_changes",
          revision: (await row()).revision,
          request,
          actor: "member",
          now,
        },
      );
    const lastUpdate = () => lastRequest("POST", `/v1/subscriptions/${subscriptionId}`);

    beforeAll(async () => {
      fake.on("GET", `/v1/subscriptions/${subscriptionId}`, () => changesSubscription);
      fake.on("POST", `/v1/subscriptions/${subscriptionId}`, () => changesSubscription);
      fake.on("POST", "/v1/products", (request) => ({
        id: "prod_true_connoisseur",
        object: "product",
        name: request.params.name,
      }));
      const sessionId = await openCheckout(shop, {
        items: [{ itemId: "everydayLuxury", quantity: 1 }],
        localPickup: false,
      });
      await deliver(
        event(
          "evt_changes_member",
          "checkout.session.completed",
          completedSession(sessionId, {
            subscription: subscriptionId,
            customer: customerId,
            amount_total: 4900,
            customer_details: { name: "Cleo Changes", email: "cleo@stripe.example" },
            total_details: { amount_shipping: 0, amount_tax: 0, amount_discount: 0 },
          }),
        ),
      );
    });

    it("bills a new quantity and plan from the next bill, without proration, once per change", async () => {
      expect(await change({ kind: "quantity", quantity: 2 })).toMatchObject({ outcome: "changed" });
      expect(lastUpdate()).toMatchObject({
        params: {
          "items[0][id]": "si_changes",
          "items[0][quantity]": "2",
          proration_behavior: "none",
        },
        idempotencyKey: "si_changes-revision-1",
      });
      expect(await change({ kind: "change-plan", itemId: "trueConnoisseur" })).toMatchObject({
        outcome: "changed",
      });
      expect(lastRequest("POST", "/v1/products")?.params).toEqual({
        name: "True Connoisseur",
        "metadata[itemId]": "trueConnoisseur",
      });
      expect(lastUpdate()?.params).toEqual({
        "items[0][id]": "si_changes",
        "items[0][price_data][currency]": "usd",
        "items[0][price_data][product]": "prod_true_connoisseur",
        "items[0][price_data][unit_amount]": "6900",
        "items[0][price_data][recurring][interval]": "month",
        proration_behavior: "none",
      });
      expect(await row()).toMatchObject({
        quantity: 2,
        itemId: "everydayLuxury",
        pendingItemId: "trueConnoisseur",
      });
    });

    it("moves the billing date and skips a month as a free period, and pauses and resumes collection", async () => {
      await change({ kind: "move-date", days: 5 });
      expect(lastUpdate()?.params).toEqual({
        trial_end: seconds("2026-12-27T10:00:00Z"),
        proration_behavior: "none",
      });
      await change({ kind: "skip", invoiceAt: new Date("2026-12-27T10:00:00Z") });
      expect(lastUpdate()?.params).toEqual({
        trial_end: seconds("2027-01-27T10:00:00Z"),
        proration_behavior: "none",
      });
      await change({ kind: "pause", months: 1 });
      expect(lastUpdate()?.params).toEqual({
        "pause_collection[behavior]": "void",
        "pause_collection[resumes_at]": seconds("2027-01-26T10:00:00Z"),
      });
      const paused = await row();
      expect(paused).toMatchObject({
        status: "paused",
        nextInvoiceAt: new Date("2027-01-27T10:00:00Z"),
      });
      // Stripe's echo of the shop's own pause changes nothing.
      await deliver(
        event("evt_changes_paused", "customer.subscription.updated", {
          ...changesSubscription,
          pause_collection: {
            behavior: "void",
            resumes_at: Date.parse("2027-01-26T10:00:00Z") / 1000,
          },
        }),
      );
      expect((await row()).revision).toBe(paused.revision);
      await change({ kind: "resume" });
      expect(lastUpdate()?.params).toEqual({ pause_collection: "" });
      expect(await change({ kind: "ship-now" })).toMatchObject({ outcome: "refused", status: 409 });
    });

    it("changes nothing when Stripe does not know the subscription as the member's", async () => {
      const before = await row();
      fake.on("GET", `/v1/subscriptions/${subscriptionId}`, () => ({
        ...changesSubscription,
        customer: "cus_someone_else",
      }));
      const updates = fake.requests.length;
      expect(await change({ kind: "quantity", quantity: 3 })).toMatchObject({
        outcome: "refused",
        status: 404,
      });
      expect(fake.requests.slice(updates).map((request) => request.method)).toEqual(["GET"]);
      expect(await row()).toEqual(before);
      fake.on("GET", `/v1/subscriptions/${subscriptionId}`, () => changesSubscription);
    });

    it("cancels at the end of the paid period", async () => {
      expect(await change({ kind: "cancel", reason: null, declineOffer: false })).toEqual({
        outcome: "offer",
      });
      expect(await change({ kind: "cancel", reason: "price", declineOffer: true })).toMatchObject({
        outcome: "changed",
      });
      expect(lastUpdate()?.params).toEqual({
        cancel_at_period_end: "true",
        "cancellation_details[comment]": "It costs more than I want to spend",
      });
      expect(await row()).toMatchObject({ status: "active", cancelReason: "price" });
      expect((await row()).cancelAt).not.toBeNull();
    });
  });

  describe("the customer's cards and details", () => {
    const card = (id: string, customer: string) => ({
      id,
      object: "payment_method",
      customer,
      card: { brand: "mastercard", last4: "4444", exp_month: 8, exp_year: 2030 },
    });

    it("lists cards and deletes only the customer's own", async () => {
      fake.on("GET", "/v1/customers/cus_stripe_1/payment_methods", () => ({
        object: "list",
        data: [card("pm_1", "cus_stripe_1")],
        has_more: false,
      }));
      expect(await shop.payments.listCards("cus_stripe_1")).toEqual([
        { id: "pm_1", brand: "mastercard", last4: "4444", expMonth: 8, expYear: 2030 },
      ]);
      fake.on("GET", "/v1/payment_methods/pm_1", () => card("pm_1", "cus_stripe_1"));
      fake.on("POST", "/v1/payment_methods/pm_1/detach", () => card("pm_1", ""));
      await expect(shop.payments.deleteCard("cus_intruder", "pm_1")).rejects.toBeInstanceOf(
        NotFoundAtProviderError,
      );
      expect(lastRequest("POST", "/v1/payment_methods/pm_1/detach")).toBeUndefined();
      await shop.payments.deleteCard("cus_stripe_1", "pm_1");
      expect(lastRequest("POST", "/v1/payment_methods/pm_1/detach")).toBeDefined();
      await expect(shop.payments.deleteCard("cus_stripe_1", "pm_missing")).rejects.toBeInstanceOf(
        NotFoundAtProviderError,
      );
    });

    it("reads and updates shipping info, name and e-mail", async () => {
      fake.on("GET", "/v1/customers/cus_stripe_1", () => ({
        id: "cus_stripe_1",
        object: "customer",
        shipping: { name: "Ada Lovelace", phone: null, address: stripeTestAddress },
      }));
      fake.on("POST", "/v1/customers/cus_stripe_1", () => ({
        id: "cus_stripe_1",
        object: "customer",
      }));
      expect(await shop.payments.getShippingInfo("cus_stripe_1")).toEqual({
        name: "Ada Lovelace",
        phone: null,
        address: testAddress,
      });
      await shop.payments.updateShippingInfo("cus_stripe_1", {
        name: "Ada L.",
        phone: "650-555-0100",
        address: {
          line1: "1 Harbor Way",
          line2: null,
          city: "Santa Cruz",
          state: "CA",
          postalCode: "95060",
          country: "US",
        },
      });
      expect(lastRequest("POST", "/v1/customers/cus_stripe_1")?.params).toMatchObject({
        "shipping[name]": "Ada L.",
        "shipping[phone]": "650-555-0100",
        "shipping[address][line1]": "1 Harbor Way",
        "shipping[address][postal_code]": "95060",
        "shipping[address][country]": "US",
      });
      await shop.payments.updateCustomer("cus_stripe_1", {
        name: "Ada Byron",
        email: "ada@byron.example",
      });
      expect(lastRequest("POST", "/v1/customers/cus_stripe_1")?.params).toEqual({
        name: "Ada Byron",
        email: "ada@byron.example",
      });
    });
  });
});
