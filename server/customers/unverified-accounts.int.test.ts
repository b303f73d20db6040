import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestShop,
  openVerificationLink,
  registerTestCustomer,
  type TestCustomer,
  type TestShop,
  verificationLinkTo,
} from "../auth/testing.server";
import { guests, orders, users } from "../db/schema.server";
import { testEngines } from "../db/testing.server";
import { findOrderByCheckoutSession } from "../orders/queries.server";
import { sessionCustomerIds } from "../payments/sessions.server";
import { paymentCustomersOf } from "./payment-customers.server";
import { bottlesCart, guestIdOf, membershipCart, payThroughSandbox } from "./testing.server";

const migration = new URL(
  "../db/migrations/0002_guest_orders_leave_unverified_accounts.sql",
  import.meta.url,
);

/** What the migration that treats every existing account as unverified does to a database. */
async function runMigration(shop: TestShop): Promise<void> {
  const statements = readFileSync(migration, "utf8").split("--> statement-breakpoint");
  for (const statement of statements) await shop.database.db.execute(sql.raw(statement));
}

describe.each(testEngines)("accounts that existed before e-mail verification on %s", (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(() => shop.dispose());

  const db = () => shop.database.db;

  /**
   * A guest order as it joined an account by its e-mail alone before: the order, a renewal of
   * its membership, the guest and the payment customer all went to the account.
   */
  async function joinedByEmail(customer: TestCustomer, items = membershipCart) {
    const sessionId = await payThroughSandbox(shop, items, { email: customer.user.email });
    const order = await findOrderByCheckoutSession(db(), sessionId);
    if (!order?.guestId) throw new Error("no guest order");
    await db().update(orders).set({ userId: customer.user.id }).where(eq(orders.id, order.id));
    await db().update(guests).set({ userId: customer.user.id }).where(eq(guests.id, order.guestId));
    const [paidBy] = await sessionCustomerIds(db(), [sessionId]);
    await db()
      .update(users)
      .set({ paymentCustomerId: paidBy })
      .where(eq(users.id, customer.user.id));
    await db()
      .insert(orders)
      .values({
        ...order,
        id: `${order.id}R`,
        kind: "renewal",
        checkoutSessionId: `in_${order.id}`,
        userId: customer.user.id,
      });
    return { order, renewalId: `${order.id}R` };
  }

  const userRow = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0];
  const ownerOf = async (orderId: string) =>
    (await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]
      ?.userId;

  it("gives back what joined an unverified account by e-mail alone, and keeps the rest", async () => {
    const squatter = await registerTestCustomer(shop, { firstName: "Squatter" });
    const signedInSession = await payThroughSandbox(shop, bottlesCart, {
      email: squatter.user.email,
      customer: squatter,
    });
    const taken = await joinedByEmail(squatter);

    const claimer = await registerTestCustomer(shop, { firstName: "Claimer" });
    const claimedSession = await payThroughSandbox(shop, bottlesCart, {
      email: claimer.user.email,
    });
    const claimedGuest = await guestIdOf(shop, claimedSession);
    const [guest] = await db().select().from(guests).where(eq(guests.id, claimedGuest));
    await db().update(guests).set({ userId: claimer.user.id }).where(eq(guests.id, claimedGuest));
    await db()
      .update(orders)
      .set({ userId: claimer.user.id })
      .where(eq(orders.guestId, claimedGuest));
    await db()
      .update(users)
      .set({ guestId: claimedGuest, paymentCustomerId: guest?.paymentCustomerId })
      .where(eq(users.id, claimer.user.id));

    const verified = await registerTestCustomer(shop, { firstName: "Verified" });
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, verified.user.id));
    const verifiedJoin = await joinedByEmail(verified, bottlesCart);

    await runMigration(shop);

    expect(await ownerOf(taken.order.id)).toBeNull();
    expect(await ownerOf(taken.renewalId)).toBeNull();
    const [takenGuest] = await db()
      .select()
      .from(guests)
      .where(eq(guests.id, taken.order.guestId ?? ""));
    expect(takenGuest?.userId).toBeNull();
    expect(await userRow(squatter.user.id)).toMatchObject({ paymentCustomerId: null });
    expect(await findOrderByCheckoutSession(db(), signedInSession)).toMatchObject({
      userId: squatter.user.id,
    });
    expect(await paymentCustomersOf(db(), squatter.user.id)).toHaveLength(1);

    expect(await findOrderByCheckoutSession(db(), claimedSession)).toMatchObject({
      userId: claimer.user.id,
    });
    expect(await userRow(claimer.user.id)).toMatchObject({
      paymentCustomerId: guest?.paymentCustomerId,
    });
    expect(await ownerOf(verifiedJoin.order.id)).toBe(verified.user.id);
    expect(await ownerOf(verifiedJoin.renewalId)).toBe(verified.user.id);

    // Once the account proves it owns the e-mail, what it had joins back.
    const link = await verificationLinkTo(shop, squatter.user.email);
    expect(await openVerificationLink(shop, link, squatter)).toMatchObject({ ok: true });
    expect(await ownerOf(taken.order.id)).toBe(squatter.user.id);
    expect(await ownerOf(taken.renewalId)).toBe(squatter.user.id);
    expect(await paymentCustomersOf(db(), squatter.user.id)).toHaveLength(2);
  });
});
