import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardMessages } from "~core/card";
import { specCatalog } from "~core/catalog";
import { declinedMessage, type SandboxField } from "~core/sandbox-checkout";
import { messages } from "~core/validation";
import {
  openCheckout,
  seededShop,
  type TestShop,
  testAddress,
} from "../../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../../test/support/database";
import type { Database } from "../../db/client.server";
import {
  checkoutSessions,
  guests,
  mailOutbox,
  memberships,
  orders,
  paymentCustomers,
  savedPaymentMethods,
} from "../../db/schema.server";
import {
  cancelMembership,
  listMemberships,
  MembershipNotFoundError,
} from "../../memberships/memberships.server";
import { findOrderByCheckoutSession, listOrders } from "../../orders/queries.server";
import { NotFoundAtProviderError } from "../provider.server";
import { runSandboxBilling } from "./billing.server";
import { paySandboxCheckout } from "./pay.server";

const now = new Date("2026-11-22T10:00:00Z");

function form(email: string, overrides: Partial<Record<SandboxField, string>> = {}) {
  return {
    email,
    name: "Ada Lovelace",
    line1: "12 Grove Street",
    line2: "",
    city: "Mountain View",
    state: "ca",
    postalCode: "94041",
    cardNumber: "4242 4242 4242 4242",
    expiry: "03/29",
    cvc: "123",
    ...overrides,
  };
}

/** The database as a server that stops after its first transaction would leave it. */
function failingSecondTransaction(db: Database): Database {
  let transactions = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver);
      return (...args: Parameters<Database["transaction"]>) => {
        transactions += 1;
        if (transactions === 2) return Promise.reject(new Error("the server stopped"));
        return target.transaction(...args);
      };
    },
  });
}

describe.each(testEngines)("the sandbox provider on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());

  const bottles = {
    items: [
      { itemId: "luxe", quantity: 1 },
      { itemId: "privateReserve", quantity: 1 },
    ],
    localPickup: false,
  };
  const ordersTo = (email: string) =>
    database.db.select().from(orders).where(eq(orders.email, email));

  it("takes 4242 4242 4242 4242, creates the order and its e-mail, and returns to the shop", async () => {
    const sessionId = await openCheckout(shop, bottles);
    const result = await paySandboxCheckout(shop, sessionId, form("guest@example.com"), now);
    expect(result).toEqual({
      outcome: "paid",
      redirectTo: `http://shop.test/order-confirmation?sessionId=${sessionId}`,
    });
    const order = await findOrderByCheckoutSession(database.db, sessionId);
    expect(order).toMatchObject({
      email: "guest@example.com",
      totalCents: 8800,
      shippingCents: 1500,
      address: { state: "CA", postalCode: "94041", line2: null },
    });
    const mail = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "guest@example.com"));
    expect(mail.map((row) => row.template)).toEqual(["order-confirmation"]);
    expect(await shop.payments.retrieveCheckoutSession(sessionId)).toMatchObject({
      status: "complete",
      paid: true,
      customer: { name: "Ada Lovelace", email: "guest@example.com" },
    });
  });

  it("declines 4000 0000 0000 0002 and creates nothing", async () => {
    const sessionId = await openCheckout(shop, bottles);
    const result = await paySandboxCheckout(
      shop,
      sessionId,
      form("declined@example.com", { cardNumber: "4000 0000 0000 0002" }),
      now,
    );
    expect(result).toEqual({ outcome: "declined", message: declinedMessage });
    expect(await ordersTo("declined@example.com")).toHaveLength(0);
    expect(
      await database.db.select().from(guests).where(eq(guests.email, "declined@example.com")),
    ).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(paymentCustomers)
        .where(eq(paymentCustomers.email, "declined@example.com")),
    ).toHaveLength(0);
    expect(await shop.payments.retrieveCheckoutSession(sessionId)).toMatchObject({
      status: "open",
      paid: false,
    });
  });

  it("refuses what fails the Luhn check, the US address rules or the expiry", async () => {
    const sessionId = await openCheckout(shop, bottles);
    const result = await paySandboxCheckout(
      shop,
      sessionId,
      form("luhn@example.com", {
        cardNumber: "4242 4242 4242 4241",
        state: "California",
        postalCode: "9404",
        expiry: "10/26",
      }),
      now,
    );
    expect(result).toEqual({
      outcome: "invalid",
      fieldErrors: {
        cardNumber: cardMessages.number,
        state: messages.state,
        postalCode: messages.zip,
        expiry: cardMessages.expiry,
      },
    });
    expect(await ordersTo("luhn@example.com")).toHaveLength(0);
  });

  it("asks no address for local pickup", async () => {
    const sessionId = await openCheckout(shop, { ...bottles, localPickup: true });
    const result = await paySandboxCheckout(
      shop,
      sessionId,
      form("pickup@example.com", { line1: "", city: "", state: "", postalCode: "" }),
      now,
    );
    expect(result.outcome).toBe("paid");
    expect(await findOrderByCheckoutSession(database.db, sessionId)).toMatchObject({
      hasLocalPickup: true,
      address: null,
      shippingCents: 0,
    });
  });

  it("pays a session once, however often the form is sent", async () => {
    const sessionId = await openCheckout(shop, bottles);
    const results = await Promise.all(
      [1, 2, 3].map(() => paySandboxCheckout(shop, sessionId, form("double@example.com"), now)),
    );
    expect(results.every((result) => result.outcome === "paid")).toBe(true);
    expect(await ordersTo("double@example.com")).toHaveLength(1);
  });

  it("creates the missing order when the form is sent again after the server stopped between payment and order", async () => {
    const sessionId = await openCheckout(shop, bottles);
    const stopsBeforeTheOrder = failingSecondTransaction(database.db);
    const first = await paySandboxCheckout(
      { ...shop, db: stopsBeforeTheOrder },
      sessionId,
      form("stopped@example.com"),
      now,
    );
    expect(first.outcome).toBe("paid");
    expect(await ordersTo("stopped@example.com")).toHaveLength(0);

    const again = await Promise.all(
      [1, 2].map(() => paySandboxCheckout(shop, sessionId, form("stopped@example.com"), now)),
    );
    expect(again.map((result) => result.outcome)).toEqual(["paid", "paid"]);
    expect(await ordersTo("stopped@example.com")).toHaveLength(1);
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "stopped@example.com"));
    expect(mails).toHaveLength(1);
  });

  it("closes unknown and day-old sessions", async () => {
    expect(await paySandboxCheckout(shop, "cs_sandbox_nope", form("x@example.com"), now)).toEqual({
      outcome: "closed",
    });
    const sessionId = await openCheckout(shop, bottles);
    await database.db
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(checkoutSessions.id, sessionId));
    expect(await paySandboxCheckout(shop, sessionId, form("late@example.com"))).toEqual({
      outcome: "closed",
    });
    expect(await ordersTo("late@example.com")).toHaveLength(0);
  });

  describe("memberships", () => {
    let customerId: string;
    let sessionId: string;

    beforeAll(async () => {
      sessionId = await openCheckout(shop, {
        items: [
          { itemId: "refinedPalate", quantity: 1 },
          { itemId: "everydayLuxury", quantity: 2 },
        ],
        localPickup: false,
      });
      await paySandboxCheckout(shop, sessionId, form("member@example.com"), now);
      const session = await shop.payments.retrieveCheckoutSession(sessionId);
      customerId = session?.customerId ?? "";
    });

    it("subscribes with free shipping, a saved card and the next invoice one month ahead", async () => {
      expect(await findOrderByCheckoutSession(database.db, sessionId)).toMatchObject({
        shippingCents: 0,
        totalCents: 5900 + 2 * 4900,
        subscriptionId: expect.stringMatching(/^sub_sandbox_/),
      });
      expect(await shop.payments.listCards(customerId)).toEqual([
        { id: expect.any(String), brand: "visa", last4: "4242", expMonth: 3, expYear: 2029 },
      ]);
      const listed = await listMemberships(shop.payments, customerId, specCatalog);
      const byName = [...listed].sort((a, b) => a.productName.localeCompare(b.productName));
      const nextMonth = Date.parse("2026-12-22T10:00:00Z") / 1000;
      expect(byName).toEqual([
        expect.objectContaining({
          productName: "Everyday Luxury",
          description: "2 Luxe (375 ml) every month",
          quantity: 2,
          unitPriceCents: 4900,
          nextInvoiceDate: nextMonth,
        }),
        expect.objectContaining({
          productName: "Refined Palate",
          description: "1 Luxe and 1 Private Reserve (375 ml) every month",
          quantity: 1,
          unitPriceCents: 5900,
          nextInvoiceDate: nextMonth,
        }),
      ]);
    });

    it("bills each due membership once a month, whatever the number of runs", async () => {
      const renewal = {
        db: database.db,
        publicUrl: shop.publicUrl,
        shopTimeZone: shop.shopTimeZone,
      };
      expect((await runSandboxBilling(renewal, now)).billed).toEqual([]);
      const monthLater = new Date("2026-12-22T10:00:00Z");
      const [first, second] = await Promise.all([
        runSandboxBilling(renewal, monthLater),
        runSandboxBilling(renewal, monthLater),
      ]);
      expect([...(first?.billed ?? []), ...(second?.billed ?? [])]).toHaveLength(2);
      expect((await runSandboxBilling(renewal, monthLater)).billed).toEqual([]);

      const memberOrders = await listOrders(database.db, {
        guestId: (await findOrderByCheckoutSession(database.db, sessionId))?.guestId ?? "",
      });
      const renewals = memberOrders.filter((order) => order.kind === "renewal");
      expect(renewals).toHaveLength(2);
      for (const renewalOrder of renewals) {
        expect(renewalOrder).toMatchObject({
          paymentStatus: "paid",
          fulfilmentStatus: "unfulfilled",
          shippingCents: 0,
          address: { line1: "12 Grove Street" },
        });
      }
      expect(
        renewals.map((order) => [
          order.totalCents,
          order.items.map((item) => [item.itemName, item.quantity]),
        ]),
      ).toEqual(
        expect.arrayContaining([
          [5900, [["Refined Palate", 1]]],
          [2 * 4900, [["Everyday Luxury", 2]]],
        ]),
      );
      const [membership] = await listMemberships(shop.payments, customerId, specCatalog);
      expect(membership?.nextInvoiceDate).toBe(Date.parse("2027-01-22T10:00:00Z") / 1000);
    });

    it("cancels only the customer's own membership, with the cancellation e-mail", async () => {
      const [membership] = await listMemberships(shop.payments, customerId, specCatalog);
      const item = membership?.subscriptionItemId ?? "";
      await expect(
        cancelMembership(shop, {
          customerId: "cus_sandbox_someone_else",
          subscriptionItemId: item,
        }),
      ).rejects.toBeInstanceOf(MembershipNotFoundError);

      await cancelMembership(shop, { customerId, subscriptionItemId: item });
      expect(await listMemberships(shop.payments, customerId, specCatalog)).toHaveLength(1);
      const mail = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, "membership-cancelled"));
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ to: "member@example.com" });
      await expect(
        cancelMembership(shop, { customerId, subscriptionItemId: item }),
      ).rejects.toBeInstanceOf(MembershipNotFoundError);
    });

    it("deletes only the customer's own cards, and a subscription without a card falls past due", async () => {
      const [card] = await shop.payments.listCards(customerId);
      await expect(
        shop.payments.deleteCard("cus_sandbox_other", card?.id ?? ""),
      ).rejects.toBeInstanceOf(NotFoundAtProviderError);
      await shop.payments.deleteCard(customerId, card?.id ?? "");
      expect(await shop.payments.listCards(customerId)).toEqual([]);
      expect(await database.db.select().from(savedPaymentMethods)).toHaveLength(0);

      const run = await runSandboxBilling(
        { db: database.db, publicUrl: shop.publicUrl, shopTimeZone: shop.shopTimeZone },
        new Date("2027-01-22T10:00:00Z"),
      );
      expect(run).toMatchObject({ billed: [], declined: [expect.stringMatching(/^si_sandbox_/)] });
      const statuses = await database.db
        .select({ status: memberships.status })
        .from(memberships)
        .where(eq(memberships.customerId, customerId));
      expect(statuses.map((row) => row.status).sort()).toEqual(["canceled", "past_due"]);
    });

    it("reads and updates the customer's shipping info and name", async () => {
      expect(await shop.payments.getShippingInfo(customerId)).toEqual({
        name: "Ada Lovelace",
        phone: null,
        address: testAddress,
      });
      const moved = {
        name: "Ada L.",
        phone: "650-555-0100",
        address: {
          line1: "1 Harbor Way",
          line2: "Apt 2",
          city: "Santa Cruz",
          state: "CA",
          postalCode: "95060",
          country: "US" as const,
        },
      };
      await shop.payments.updateShippingInfo(customerId, moved);
      expect(await shop.payments.getShippingInfo(customerId)).toEqual(moved);
      await expect(
        shop.payments.updateShippingInfo("cus_sandbox_nobody", moved),
      ).rejects.toBeInstanceOf(NotFoundAtProviderError);

      await shop.payments.updateCustomer(customerId, {
        name: "Ada Byron",
        email: "ada@byron.example",
      });
      const [customer] = await database.db
        .select()
        .from(paymentCustomers)
        .where(eq(paymentCustomers.id, customerId));
      expect(customer).toMatchObject({ name: "Ada Byron", email: "ada@byron.example" });
    });
  });
});
