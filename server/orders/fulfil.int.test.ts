import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckout, paidSession, seededShop, type TestShop } from "../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../test/support/database";
import { guests, mailOutbox, orders, processedPaymentEvents, users } from "../db/schema.server";
import { fulfilCheckout } from "./fulfil.server";
import { handlePaymentEvent } from "./payment-events.server";
import {
  countOrders,
  findOrderByCheckoutSession,
  listOrders,
  moveGuestOrdersToUser,
} from "./queries.server";

function shuffled<T>(values: T[]): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe.each(testEngines)("order fulfilment on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());

  const ordersOf = (sessionId: string) =>
    database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  const mailTo = (email: string) =>
    database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it("creates the order with every field of the spec, its items and its e-mail", async () => {
    const sessionId = await openCheckout(
      shop,
      {
        items: [
          { itemId: "luxe", quantity: 1 },
          { itemId: "holidayTastingCollection", quantity: 1 },
        ],
        localPickup: false,
        promoCode: "welcome10",
      },
      { affiliate: "maria" },
    );
    const session = await paidSession(database.db, sessionId, {
      customer: { name: "Grace Hopper", email: "grace@example.com" },
    });
    const result = await fulfilCheckout(shop, { id: "evt_fields", session });
    expect(result.outcome).toBe("created");

    const order = await findOrderByCheckoutSession(database.db, sessionId);
    expect(order).toMatchObject({
      kind: "purchase",
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      hasLocalPickup: false,
      shipTo: "Ada King Lovelace",
      address: {
        line1: "12 Grove Street",
        city: "Mountain View",
        state: "CA",
        postalCode: "94041",
      },
      subtotalCents: 3300 + 4900,
      discountCents: 330,
      shippingCents: 1500,
      taxCents: 0,
      totalCents: 2970 + 4900 + 1500,
      promotion: {
        codeName: "WELCOME10",
        couponId: "WELCOME10",
        percentOff: 10,
        amountOffCents: null,
      },
      affiliate: "maria",
      paymentStatus: "paid",
      fulfilmentStatus: "unfulfilled",
      userId: null,
    });
    expect(order?.guestId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(
      order?.items.map(
        ({ itemName, quantity, listPriceCents, priceCents, discountedTotalCents }) => ({
          itemName,
          quantity,
          listPriceCents,
          priceCents,
          discountedTotalCents,
        }),
      ),
    ).toEqual([
      {
        itemName: "Luxe 375 ml",
        quantity: 1,
        listPriceCents: 3300,
        priceCents: 2970,
        discountedTotalCents: 2970,
      },
      {
        itemName: "Holiday Tasting Collection",
        quantity: 1,
        listPriceCents: 4900,
        priceCents: 4900,
        discountedTotalCents: 4900,
      },
    ]);
    const [mail] = await mailTo("grace@example.com");
    expect(mail).toMatchObject({ template: "order-confirmation", status: "pending" });
    expect(mail?.payload).toMatchObject({
      orderId: order?.id,
      trackUrl: `http://shop.test/create-account?guestId=${order?.guestId}`,
      totalCents: order?.totalCents,
      discountCents: 330,
      hasLocalPickup: false,
      items: [
        { name: "Luxe 375 ml", quantity: 1, listTotalCents: 3300 },
        { name: "Holiday Tasting Collection", quantity: 1, listTotalCents: 4900 },
      ],
    });
  });

  it("keeps a local-pickup order without an address", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "premium", quantity: 1 }],
      localPickup: true,
    });
    const session = await paidSession(database.db, sessionId, {
      customer: { name: "Local Buyer", email: "pickup@example.com" },
    });
    await fulfilCheckout(shop, { id: "evt_pickup", session });
    expect(await findOrderByCheckoutSession(database.db, sessionId)).toMatchObject({
      hasLocalPickup: true,
      shipTo: null,
      address: null,
      shippingCents: 0,
      totalCents: 2400,
    });
  });

  it("creates one order and one e-mail from 5 parallel deliveries shuffled with other events", async () => {
    const body = { items: [{ itemId: "privateReserve", quantity: 1 }], localPickup: false };
    const target = await openCheckout(shop, body);
    const others = await Promise.all([1, 2, 3].map(() => openCheckout(shop, body)));
    const deliveries = [
      ...Array.from({ length: 5 }, async () => ({
        id: "evt_repeated",
        session: await paidSession(database.db, target, {
          customer: { name: "Five Times", email: "five@example.com" },
        }),
      })),
      ...others.map(async (id, index) => ({
        id: `evt_other_${index}`,
        session: await paidSession(database.db, id, {
          customer: { name: `Other ${index}`, email: `other${index}@example.com` },
        }),
      })),
    ];
    const events = shuffled(await Promise.all(deliveries));
    const results = await Promise.all(events.map((event) => fulfilCheckout(shop, event)));

    expect(results.filter((result) => result.outcome === "created")).toHaveLength(4);
    expect(await ordersOf(target)).toHaveLength(1);
    expect(await mailTo("five@example.com")).toHaveLength(1);
    for (const id of others) expect(await ordersOf(id)).toHaveLength(1);
  });

  it("treats another event for an already fulfilled session as done", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    const session = await paidSession(database.db, sessionId, {
      customer: { name: "Twice Reported", email: "twice@example.com" },
    });
    expect((await fulfilCheckout(shop, { id: "evt_webhook", session })).outcome).toBe("created");
    expect(
      (await handlePaymentEvent(shop, { id: "evt_async", type: "checkout.completed", session }))
        .outcome,
    ).toBe("already-done");
    expect(await ordersOf(sessionId)).toHaveLength(1);
    expect(await mailTo("twice@example.com")).toHaveLength(1);
  });

  it("ignores unpaid sessions and reports paid ones the shop never opened", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    const unpaid = await paidSession(database.db, sessionId, { paid: false });
    expect((await fulfilCheckout(shop, { id: "evt_unpaid", session: unpaid })).outcome).toBe(
      "ignored",
    );
    const stranger = await paidSession(database.db, sessionId, { id: "cs_unknown" });
    expect((await fulfilCheckout(shop, { id: "evt_unknown", session: stranger })).outcome).toBe(
      "unknown",
    );
    expect(await ordersOf(sessionId)).toHaveLength(0);
  });

  it("leaves nothing behind when the handler fails half-way, and the redelivery succeeds", async () => {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    const session = await paidSession(database.db, sessionId, {
      customer: { name: "Half Way", email: "halfway@example.com" },
    });
    // The e-mail is the last write of the transaction: make it fail once the order exists.
    await database.db.execute(sql`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'mail outbox unavailable'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_mail before insert on mail_outbox
      for each row execute function refuse_mail()`);
    await expect(fulfilCheckout(shop, { id: "evt_half", session })).rejects.toThrow();
    await database.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
    await database.db.execute(sql`drop function refuse_mail()`);

    expect(await ordersOf(sessionId)).toHaveLength(0);
    expect(
      await database.db.select().from(guests).where(eq(guests.email, "halfway@example.com")),
    ).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(processedPaymentEvents)
        .where(eq(processedPaymentEvents.id, "evt_half")),
    ).toHaveLength(0);

    expect((await fulfilCheckout(shop, { id: "evt_half", session })).outcome).toBe("created");
    expect(await ordersOf(sessionId)).toHaveLength(1);
    expect(await mailTo("halfway@example.com")).toHaveLength(1);
  });

  it("reuses the guest of an e-mail whatever its case, and attaches orders to its verified user", async () => {
    await database.db.insert(users).values({
      id: "user_linus",
      name: "Linus Pauling",
      email: "Linus@Example.com",
      emailVerified: true,
      firstName: "Linus",
      lastName: "Pauling",
    });
    const body = { items: [{ itemId: "premium", quantity: 1 }], localPickup: false };
    for (const [index, email] of ["linus@example.com", "LINUS@example.com"].entries()) {
      const sessionId = await openCheckout(shop, body);
      const session = await paidSession(database.db, sessionId, {
        customerId: "cus_linus",
        customer: { name: "Linus Pauling", email },
      });
      await fulfilCheckout(shop, { id: `evt_linus_${index}`, session });
    }
    const linusGuests = await database.db
      .select()
      .from(guests)
      .where(sql`lower(${guests.email}) = 'linus@example.com'`);
    expect(linusGuests).toHaveLength(1);
    const userOrders = await listOrders(database.db, { userId: "user_linus" });
    expect(userOrders).toHaveLength(2);
    const [user] = await database.db.select().from(users).where(eq(users.id, "user_linus"));
    expect(user?.paymentCustomerId).toBe("cus_linus");
    const [mail] = await mailTo("linus@example.com");
    expect(mail?.payload).toMatchObject({ trackUrl: "http://shop.test/account?tab=orders" });
  });

  it("keeps a guest order paid with the e-mail of an unverified account out of that account", async () => {
    await database.db.insert(users).values({
      id: "user_rosalind",
      name: "Rosalind Franklin",
      email: "rosalind@example.com",
      firstName: "Rosalind",
      lastName: "Franklin",
    });
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "premium", quantity: 1 }],
      localPickup: false,
    });
    const session = await paidSession(database.db, sessionId, {
      customerId: "cus_rosalind",
      customer: { name: "Rosalind Franklin", email: "Rosalind@example.com" },
    });
    await fulfilCheckout(shop, { id: "evt_rosalind", session });

    const order = await findOrderByCheckoutSession(database.db, sessionId);
    expect(order).toMatchObject({ userId: null, guestId: expect.any(String) });
    const [guest] = await database.db
      .select()
      .from(guests)
      .where(eq(guests.id, order?.guestId ?? ""));
    expect(guest?.userId).toBeNull();
    const [user] = await database.db.select().from(users).where(eq(users.id, "user_rosalind"));
    expect(user?.paymentCustomerId).toBeNull();
    const [mail] = await mailTo("Rosalind@example.com");
    expect(mail?.payload).toMatchObject({
      trackUrl: `http://shop.test/create-account?guestId=${order?.guestId}`,
    });
  });

  it("lists a guest's orders newest first, counts them, and moves them to a new user", async () => {
    const body = { items: [{ itemId: "luxe", quantity: 1 }], localPickup: false };
    const sessions: string[] = [];
    for (const index of [1, 2, 3]) {
      const sessionId = await openCheckout(shop, body);
      sessions.push(sessionId);
      const session = await paidSession(database.db, sessionId, {
        customer: { name: "Marie Curie", email: "marie@example.com" },
      });
      await fulfilCheckout(shop, { id: `evt_marie_${index}`, session });
    }
    const [guest] = await database.db
      .select()
      .from(guests)
      .where(eq(guests.email, "marie@example.com"));
    const owner = { guestId: guest?.id ?? "" };
    const listed = await listOrders(database.db, owner);
    expect(listed.map((order) => order.checkoutSessionId)).toEqual([...sessions].reverse());
    expect(listed.every((order) => order.items.length === 1)).toBe(true);
    expect(await countOrders(database.db, owner)).toBe(3);

    await database.db
      .insert(users)
      .values({ id: "user_marie", name: "Marie Curie", email: "marie@example.com" });
    await expect(
      database.db.transaction(async (tx) => {
        expect(await moveGuestOrdersToUser(tx, owner.guestId, "user_marie")).toBe(3);
        throw new Error("account creation failed");
      }),
    ).rejects.toThrow("account creation failed");
    expect(await countOrders(database.db, { userId: "user_marie" })).toBe(0);

    await database.db.transaction((tx) => moveGuestOrdersToUser(tx, owner.guestId, "user_marie"));
    expect(await countOrders(database.db, { userId: "user_marie" })).toBe(3);

    // Orders already in an account stay there.
    await database.db
      .insert(users)
      .values({ id: "user_pierre", name: "Pierre Curie", email: "pierre@example.com" });
    expect(await moveGuestOrdersToUser(database.db, owner.guestId, "user_pierre")).toBe(0);
    expect(await countOrders(database.db, { userId: "user_marie" })).toBe(3);
  });
});
