import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  openVerificationLink,
  registerTestCustomer,
  sessionEmail,
  shopRequest,
  signIn,
  type TestCustomer,
  type TestShop,
  verificationLinkTo,
} from "../../test/support/auth";
import {
  bottlesCart,
  guestIdOf,
  justPaidGuestOrder,
  membershipCart,
  payThroughSandbox,
  shopForTests,
} from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import { resendVerificationEmail } from "../auth/email-verification.server";
import { requestPasswordReset, resetPassword } from "../auth/password-reset.server";
import { guests, mailOutbox, orders, users } from "../db/schema.server";
import { accountMemberships } from "../memberships/account.server";
import { accountOrders } from "../orders/history.server";
import { findOrderByCheckoutSession } from "../orders/queries.server";
import { sessionCustomerIds } from "../payments/sessions.server";
import { updateAccountInfo } from "./account-info.server";
import { accountCards } from "./cards.server";
import { guestAccountOf } from "./guest-account.server";
import { paymentCustomersOf } from "./payment-customers.server";
import { accountShippingInfo } from "./shipping.server";

const migration = new URL(
  "../db/migrations/0002_guest_orders_leave_unverified_accounts.sql",
  import.meta.url,
);

/** What the migration that treats every existing account as unverified does to a database. */
async function runMigration(shop: TestShop): Promise<void> {
  const statements = readFileSync(migration, "utf8").split("--> statement-breakpoint");
  for (const statement of statements) await shop.database.db.execute(sql.raw(statement));
}

describe.each(testEngines)("e-mail verification on %s", (engine) => {
  const { shop, db, services } = shopForTests(engine);

  /** Everything the account's tabs show. */
  async function tabsOf(userId: string) {
    return {
      orders: (await accountOrders(db(), userId)).map((order) => order.id),
      cards: await accountCards(services(), userId),
      memberships: await accountMemberships(services(), userId),
      shipping: await accountShippingInfo(services(), userId),
      paymentCustomers: await paymentCustomersOf(db(), userId),
    };
  }
  const nothing = { orders: [], cards: [], memberships: [], shipping: null, paymentCustomers: [] };

  const userRow = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0];
  const orderOf = async (sessionId: string) =>
    (await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0];
  const orderMailTo = async (email: string) =>
    (
      await db()
        .select({ payload: mailOutbox.payload })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "order-confirmation")))
    ).map((mail) => mail.payload.trackUrl);

  it("sends the link at registration; opened in the account's session it verifies the e-mail", async () => {
    const customer = await registerTestCustomer(shop(), { firstName: "Dorothy" });
    expect(await userRow(customer.user.id)).toMatchObject({ emailVerified: false });
    const link = await verificationLinkTo(shop(), customer.user.email);
    expect(link).toMatch(/^http:\/\/shop\.test\/verify-email\?token=[\w.-]+$/);

    expect(await openVerificationLink(shop(), link, customer)).toMatchObject({ ok: true });
    expect(await userRow(customer.user.id)).toMatchObject({ emailVerified: true });
    // Opened again, the link changes nothing and says the address is verified.
    expect(await openVerificationLink(shop(), link, customer)).toMatchObject({ ok: true });
  });

  describe("someone registers a stranger's e-mail, then the stranger pays as a guest", () => {
    let squatter: TestCustomer;
    let victimEmail: string;
    let membershipSession: string;
    let bottlesSession: string;

    beforeAll(async () => {
      squatter = await registerTestCustomer(shop(), { firstName: "Mallory" });
      victimEmail = squatter.user.email;
      membershipSession = await payThroughSandbox(shop(), membershipCart, { email: victimEmail });
      bottlesSession = await payThroughSandbox(shop(), bottlesCart, { email: victimEmail });
    });

    it("the account sees no order, card, membership or address of the stranger", async () => {
      expect(await tabsOf(squatter.user.id)).toEqual(nothing);
      expect(await userRow(squatter.user.id)).toMatchObject({ paymentCustomerId: null });
    });

    it("the orders stay guest orders, followed through the guest link", async () => {
      const guestId = await guestIdOf(shop(), membershipSession);
      for (const sessionId of [membershipSession, bottlesSession]) {
        expect(await orderOf(sessionId)).toMatchObject({ userId: null, guestId });
      }
      const [guest] = await db().select().from(guests).where(eq(guests.id, guestId));
      expect(guest?.userId).toBeNull();
      expect(await orderMailTo(victimEmail)).toEqual([
        `http://shop.test/create-account?guestId=${guestId}`,
        `http://shop.test/create-account?guestId=${guestId}`,
      ]);
      // The guest link names the account of the e-mail without saying the orders are in it.
      expect(await guestAccountOf(db(), guestId)).toEqual({
        kind: "sign-in-to-add",
        email: victimEmail,
        orderCount: 2,
        orders: [justPaidGuestOrder, justPaidGuestOrder],
      });
    });

    it("the link opened in another account's session verifies nothing", async () => {
      const link = await verificationLinkTo(shop(), victimEmail);
      const someoneElse = await registerTestCustomer(shop(), { firstName: "Trent" });
      expect(await openVerificationLink(shop(), link, someoneElse)).toMatchObject({
        ok: false,
        status: 403,
        error: { code: "VERIFY_IN_OWN_ACCOUNT" },
      });
      expect(await userRow(squatter.user.id)).toMatchObject({ emailVerified: false });
      expect(await tabsOf(squatter.user.id)).toEqual(nothing);
      expect(await tabsOf(someoneElse.user.id)).toEqual(nothing);
    });

    it("the owner of the mailbox resets the password, signs the other out, verifies and gets the orders", async () => {
      await requestPasswordReset(services(), shopRequest("/forgot-password"), victimEmail);
      const [reset] = await db()
        .select({ payload: mailOutbox.payload })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, victimEmail), eq(mailOutbox.template, "password-reset")));
      const token = new URL(String(reset?.payload.resetUrl)).searchParams.get("token") ?? "";
      const newPassword = "the-real-owner-1";
      expect(
        await resetPassword(services(), shopRequest("/reset-password"), { token, newPassword }),
      ).toMatchObject({ ok: true });
      expect(await sessionEmail(shop(), squatter.cookie)).toBeNull();

      const owner = { user: squatter.user, cookie: await signIn(shop(), victimEmail, newPassword) };
      const link = await verificationLinkTo(shop(), victimEmail);
      expect(await openVerificationLink(shop(), link, owner)).toMatchObject({ ok: true });

      const tabs = await tabsOf(squatter.user.id);
      expect(tabs.orders.sort()).toEqual(
        [(await orderOf(membershipSession))?.id, (await orderOf(bottlesSession))?.id].sort(),
      );
      expect(tabs.cards).toEqual([expect.objectContaining({ brand: "visa", last4: "4242" })]);
      expect(tabs.memberships).toEqual([
        expect.objectContaining({ productName: "Everyday Luxury" }),
      ]);
      expect(tabs.shipping).toMatchObject({ address: { line1: "12 Grove Street" } });
      const guestId = await guestIdOf(shop(), membershipSession);
      const [guest] = await db().select().from(guests).where(eq(guests.id, guestId));
      expect(guest?.userId).toBe(squatter.user.id);
      expect(await userRow(squatter.user.id)).toMatchObject({
        emailVerified: true,
        guestId,
        paymentCustomerId: guest?.paymentCustomerId,
      });

      // Verified, the account now takes what is paid with its e-mail at once.
      const later = await payThroughSandbox(shop(), bottlesCart, { email: victimEmail });
      expect(await orderOf(later)).toMatchObject({ userId: squatter.user.id });
      expect((await orderMailTo(victimEmail)).at(-1)).toBe("http://shop.test/account?tab=orders");
    });
  });

  it("a signed-in checkout joins its account, verified or not, and plants nothing in the typed e-mail's guest", async () => {
    const customer = await registerTestCustomer(shop(), { firstName: "Signed" });
    const other = await registerTestCustomer(shop(), { firstName: "Typed" });
    const typed = other.user.email;
    const sessionId = await payThroughSandbox(shop(), membershipCart, { email: typed, customer });
    expect(await orderOf(sessionId)).toMatchObject({ userId: customer.user.id });
    const [guest] = await db().select().from(guests).where(eq(guests.email, typed));
    expect(guest).toMatchObject({ userId: null, paymentCustomerId: null });

    // The owner of the typed e-mail pays as a guest, then verifies: each keeps their own.
    const theirs = await payThroughSandbox(shop(), bottlesCart, { email: typed });
    expect(await orderOf(theirs)).toMatchObject({ userId: null, guestId: guest?.id });
    const link = await verificationLinkTo(shop(), typed);
    expect(await openVerificationLink(shop(), link, other)).toMatchObject({ ok: true });
    const [mine, yours] = [await tabsOf(customer.user.id), await tabsOf(other.user.id)];
    expect(mine.orders).toEqual([(await orderOf(sessionId))?.id]);
    expect(yours.orders).toEqual([(await orderOf(theirs))?.id]);
    expect(mine.paymentCustomers).toHaveLength(1);
    expect(yours.paymentCustomers).toHaveLength(1);
    expect(yours.paymentCustomers).not.toContain(mine.paymentCustomers[0]);
    expect(yours.memberships).toEqual([]);
    expect(yours.cards).toEqual([]);
  });

  describe("an e-mail change", () => {
    it("sends the link to the new address, whose guest orders join only once it is verified", async () => {
      const customer = await registerTestCustomer(shop(), { firstName: "Hedy" });
      const oldEmail = customer.user.email;
      expect(
        await openVerificationLink(shop(), await verificationLinkTo(shop(), oldEmail), customer),
      ).toMatchObject({ ok: true });
      const oldLink = await verificationLinkTo(shop(), oldEmail);

      const newEmail = `hedy-${engine}@example.com`;
      const paidBefore = await payThroughSandbox(shop(), bottlesCart, { email: newEmail });
      const changed = await updateAccountInfo(
        services(),
        shopRequest("/account", customer.cookie),
        { ...customer.user, emailVerified: true },
        {
          firstName: "Hedy",
          lastName: "Lamarr",
          email: newEmail,
          newPassword: null,
          currentPassword: customer.password,
        },
      );
      expect(changed).toMatchObject({ ok: true });
      expect(await userRow(customer.user.id)).toMatchObject({
        email: newEmail,
        emailVerified: false,
      });
      const paidWhileUnverified = await payThroughSandbox(shop(), bottlesCart, { email: newEmail });
      const paidWithOldEmail = await payThroughSandbox(shop(), bottlesCart, { email: oldEmail });
      expect((await tabsOf(customer.user.id)).orders).toEqual([]);

      // The old address's link no longer verifies anything.
      expect(await openVerificationLink(shop(), oldLink, customer)).toMatchObject({
        ok: false,
      });
      const newLink = await verificationLinkTo(shop(), newEmail);
      expect(await openVerificationLink(shop(), newLink, customer)).toMatchObject({
        ok: true,
      });
      const joined = (await tabsOf(customer.user.id)).orders.sort();
      expect(joined).toEqual(
        [(await orderOf(paidBefore))?.id, (await orderOf(paidWhileUnverified))?.id].sort(),
      );
      expect(await orderOf(paidWithOldEmail)).toMatchObject({ userId: null });
    });
  });

  describe("links that cannot verify", () => {
    afterEach(() => vi.useRealTimers());

    it("refuses an expired link, and one that is not a link at all", async () => {
      const start = new Date("2026-11-20T09:00:00Z");
      freezeDate(start);
      const customer = await registerTestCustomer(shop(), { firstName: "Late" });
      const link = await verificationLinkTo(shop(), customer.user.email);
      freezeDate(new Date(start.getTime() + 25 * 60 * 60 * 1000));
      expect(await openVerificationLink(shop(), link, customer)).toMatchObject({
        ok: false,
        error: { code: "TOKEN_EXPIRED" },
      });
      const forged = `${link.slice(0, -4)}AAAA`;
      expect(await openVerificationLink(shop(), forged, customer)).toMatchObject({
        ok: false,
        error: { code: "INVALID_TOKEN" },
      });
      expect(
        await openVerificationLink(shop(), "http://shop.test/verify-email?token=x", customer),
      ).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
      expect(await userRow(customer.user.id)).toMatchObject({ emailVerified: false });
    });
  });

  describe("another link on request", () => {
    afterEach(() => vi.useRealTimers());

    it("sends at most 3 an hour to an account, then says when to try again", async () => {
      freezeDate();
      const customer = await registerTestCustomer(shop(), { firstName: "Resend" });
      const resend = () =>
        resendVerificationEmail(
          services(),
          shopRequest("/account", customer.cookie),
          customer.user,
        );
      const outcomes = [await resend(), await resend(), await resend(), await resend()];
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, false]);
      expect(outcomes[3]).toMatchObject({
        status: 429,
        retryAfterSeconds: expect.any(Number),
        error: {
          code: "TOO_MANY_REQUESTS",
          message: expect.stringMatching(
            /^Too many attempts\. Please try again in \d+ minutes?\.$/,
          ),
        },
      });
      const sent = await db()
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, customer.user.email),
            eq(mailOutbox.template, "email-verification"),
          ),
        );
      expect(sent).toHaveLength(1 + 3);
    });

    it("sends at most 10 an hour from one address, whichever the account", async () => {
      freezeDate();
      const from = shop().services("198.51.100.250");
      const outcomes = [];
      for (let index = 0; index < 11; index++) {
        const customer = await registerTestCustomer(shop(), { firstName: "Crowd" });
        outcomes.push(
          await resendVerificationEmail(
            from,
            shopRequest("/account", customer.cookie),
            customer.user,
          ),
        );
      }
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([...Array(10).fill(true), false]);
      expect(outcomes[10]).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    });
  });

  describe("accounts that existed before", () => {
    /**
     * A guest order as it joined an account by its e-mail alone before: the order, a renewal of
     * its membership, the guest and the payment customer all went to the account.
     */
    async function joinedByEmail(customer: TestCustomer, items = membershipCart) {
      const sessionId = await payThroughSandbox(shop(), items, { email: customer.user.email });
      const order = await findOrderByCheckoutSession(db(), sessionId);
      if (!order?.guestId) throw new Error("no guest order");
      await db().update(orders).set({ userId: customer.user.id }).where(eq(orders.id, order.id));
      await db()
        .update(guests)
        .set({ userId: customer.user.id })
        .where(eq(guests.id, order.guestId));
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

    const ownerOf = async (orderId: string) =>
      (await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]
        ?.userId;

    it("gives back what joined an unverified account by e-mail alone, and keeps the rest", async () => {
      const squatter = await registerTestCustomer(shop(), { firstName: "Squatter" });
      const signedInSession = await payThroughSandbox(shop(), bottlesCart, {
        email: squatter.user.email,
        customer: squatter,
      });
      const taken = await joinedByEmail(squatter);

      const claimer = await registerTestCustomer(shop(), { firstName: "Claimer" });
      const claimedSession = await payThroughSandbox(shop(), bottlesCart, {
        email: claimer.user.email,
      });
      const claimedGuest = await guestIdOf(shop(), claimedSession);
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

      const verified = await registerTestCustomer(shop(), { firstName: "Verified" });
      await db().update(users).set({ emailVerified: true }).where(eq(users.id, verified.user.id));
      const verifiedJoin = await joinedByEmail(verified, bottlesCart);

      await runMigration(shop());

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
      const link = await verificationLinkTo(shop(), squatter.user.email);
      expect(await openVerificationLink(shop(), link, squatter)).toMatchObject({ ok: true });
      expect(await ownerOf(taken.order.id)).toBe(squatter.user.id);
      expect(await ownerOf(taken.renewalId)).toBe(squatter.user.id);
      expect(await paymentCustomersOf(db(), squatter.user.id)).toHaveLength(2);
    });
  });
});
