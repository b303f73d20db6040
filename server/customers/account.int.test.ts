import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  openVerificationLink,
  registerTestCustomer,
  shopRequest,
  type TestCustomer,
  verificationLinkTo,
} from "../../test/support/auth";
import { testAddress } from "../../test/support/checkout";
import {
  bottlesCart as bottles,
  guestIdOf as guestOfSession,
  justPaidGuestOrder,
  membershipCart as membership,
  payThroughSandbox,
  shopForTests,
} from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { guests, mailOutbox, paymentCustomers, users } from "../db/schema.server";
import { accountMemberships, changeAccountMembership } from "../memberships/account.server";
import { accountOrders } from "../orders/history.server";
import { findOrderByCheckoutSession } from "../orders/queries.server";
import type { ShippingInfo } from "../payments/provider.server";
import { updateAccountInfo } from "./account-info.server";
import { accountCards, removeAccountCard } from "./cards.server";
import {
  createAccountFromGuest,
  guestAccountOf,
  signInToGuestAccount,
} from "./guest-account.server";
import { paymentCustomersOf } from "./payment-customers.server";
import { accountShippingInfo, updateAccountShippingInfo } from "./shipping.server";

const harborAddress: ShippingInfo = {
  name: "Ada Lovelace",
  phone: "650-555-0100",
  address: { ...testAddress, line1: "1 Harbor Way", city: "Santa Cruz", postalCode: "95060" },
};

describe.each(testEngines)("the account tabs on %s", (engine) => {
  const { shop, db, services } = shopForTests(engine);

  const pay = (
    items: Array<{ itemId: string; quantity: number }>,
    payer: { email: string; customer?: TestCustomer },
  ) => payThroughSandbox(shop(), items, payer);
  const guestIdOf = (sessionId: string) => guestOfSession(shop(), sessionId);
  /** The member's cancellation at the end of the paid month, the offer declined. */
  const cancelMembership = (userId: string, subscriptionItemId: string, revision: number) =>
    changeAccountMembership({ ...services(), shopTimeZone: "UTC" }, userId, {
      subscriptionItemId,
      revision,
      request: { kind: "cancel", reason: null, declineOffer: true },
    });

  const mailsTo = (email: string) =>
    db().select({ template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.to, email));

  describe("an account that paid signed in", () => {
    let owner: TestCustomer;
    let intruder: TestCustomer;
    beforeAll(async () => {
      owner = await registerTestCustomer(shop(), { firstName: "Owner" });
      intruder = await registerTestCustomer(shop(), { firstName: "Intruder" });
      await pay(membership, { email: owner.user.email, customer: owner });
      await pay(bottles, { email: owner.user.email, customer: owner });
    });

    it("finds its orders, newest first, and every tab filled, under one payment customer", async () => {
      const orders = await accountOrders(db(), owner.user.id);
      expect(orders.map((order) => order.items.map((item) => item.name))).toEqual([
        ["Luxe 375 ml"],
        ["Everyday Luxury"],
      ]);
      expect(await paymentCustomersOf(db(), owner.user.id)).toHaveLength(1);
      expect(await accountCards(services(), owner.user.id)).toEqual([
        { id: expect.any(String), brand: "visa", last4: "4242", expMonth: 3, expYear: 2029 },
      ]);
      expect(await accountShippingInfo(services(), owner.user.id)).toMatchObject({
        name: "Ada Lovelace",
        address: { line1: "12 Grove Street", state: "CA" },
      });
      expect(await accountMemberships(services(), owner.user.id)).toEqual([
        expect.objectContaining({ productName: "Everyday Luxury", unitPriceCents: 4900 }),
      ]);
    });

    it("is out of reach of another account, which gets 404 for each of its objects", async () => {
      const [card] = await accountCards(services(), owner.user.id);
      const [held] = await accountMemberships(services(), owner.user.id);
      const attempts = async () => ({
        orders: await accountOrders(db(), intruder.user.id),
        card: await removeAccountCard(services(), intruder.user.id, card?.id ?? ""),
        membership: await cancelMembership(intruder.user.id, held?.subscriptionItemId ?? "", 0),
        shipping: await updateAccountShippingInfo(services(), intruder.user.id, harborAddress),
      });
      const notFound = { ok: false, status: 404 };
      expect(await attempts()).toMatchObject({
        orders: [],
        card: notFound,
        membership: notFound,
        shipping: notFound,
      });

      // With payment customers of its own, the intruder still reaches only those.
      const own = await findOrderByCheckoutSession(
        db(),
        await pay(bottles, { email: intruder.user.email, customer: intruder }),
      );
      expect(await attempts()).toMatchObject({
        orders: [expect.objectContaining({ id: own?.id })],
        card: notFound,
        membership: notFound,
        shipping: { ok: true },
      });
      expect(await accountCards(services(), owner.user.id)).toHaveLength(1);
      expect(await accountMemberships(services(), owner.user.id)).toHaveLength(1);
      expect(await accountShippingInfo(services(), owner.user.id)).toMatchObject({
        address: { line1: "12 Grove Street" },
      });
      expect(await mailsTo(intruder.user.email)).not.toContainEqual({
        template: "membership-cancelled",
      });
      expect(await mailsTo(owner.user.email)).not.toContainEqual({
        template: "membership-cancelled",
      });
    });

    it("lets the holder change the address, remove the card and cancel the membership", async () => {
      expect(await updateAccountShippingInfo(services(), owner.user.id, harborAddress)).toEqual({
        ok: true,
      });
      expect(await accountShippingInfo(services(), owner.user.id)).toEqual(harborAddress);

      const [card] = await accountCards(services(), owner.user.id);
      expect(await removeAccountCard(services(), owner.user.id, card?.id ?? "")).toEqual({
        ok: true,
      });
      expect(await accountCards(services(), owner.user.id)).toEqual([]);
      expect(await removeAccountCard(services(), owner.user.id, card?.id ?? "")).toMatchObject({
        status: 404,
      });

      const [held] = await accountMemberships(services(), owner.user.id);
      const cancel = () =>
        cancelMembership(
          owner.user.id,
          held?.subscriptionItemId ?? "",
          held?.managed?.revision ?? -1,
        );
      const cancelled = await cancel();
      expect(cancelled).toMatchObject({ ok: true, summary: expect.stringContaining("Cancelled") });
      const [ending] = await accountMemberships(services(), owner.user.id);
      expect(ending?.managed?.endsOn).toBe(ending?.nextInvoiceDate);
      expect(await mailsTo(owner.user.email)).toContainEqual({ template: "membership-updated" });
      // The same form sent again is the same intent: answered as done, changing nothing more.
      expect(await cancel()).toEqual(cancelled);
    });
  });

  it("shows a membership bought without signing in with the account's e-mail once it is verified, and cancels it", async () => {
    const member = await registerTestCustomer(shop(), { firstName: "Forgetful" });
    await pay(bottles, { email: member.user.email, customer: member });
    await pay(membership, { email: member.user.email });
    expect(await paymentCustomersOf(db(), member.user.id)).toHaveLength(1);
    expect(await accountMemberships(services(), member.user.id)).toEqual([]);

    const link = await verificationLinkTo(shop(), member.user.email);
    expect(await openVerificationLink(shop(), link, member)).toMatchObject({ ok: true });
    expect(await paymentCustomersOf(db(), member.user.id)).toHaveLength(2);
    expect(await accountCards(services(), member.user.id)).toHaveLength(1);
    const [held] = await accountMemberships(services(), member.user.id);
    expect(held?.productName).toBe("Everyday Luxury");
    expect(
      await cancelMembership(
        member.user.id,
        held?.subscriptionItemId ?? "",
        held?.managed?.revision ?? -1,
      ),
    ).toMatchObject({ ok: true });

    await updateAccountShippingInfo(services(), member.user.id, harborAddress);
    for (const customerId of await paymentCustomersOf(db(), member.user.id)) {
      expect(await shop().services().payments.getShippingInfo(customerId)).toEqual(harborAddress);
    }
  });

  describe("claiming a guest's orders", () => {
    const password = "olive-grove-9";
    let guestId: string;
    let guestEmail: string;

    beforeAll(async () => {
      guestEmail = `guest-${engine}@example.com`;
      await pay(bottles, { email: guestEmail });
      guestId = await guestIdOf(await pay(membership, { email: guestEmail }));
    });

    const create = (id: string) =>
      createAccountFromGuest(services(), shopRequest("/create-account"), id, {
        firstName: "Grace",
        lastName: "Hopper",
        password,
      });

    it("offers to create the account of the guest's e-mail, with the number of orders", async () => {
      expect(await guestAccountOf(db(), guestId)).toEqual({
        kind: "create",
        email: guestEmail,
        firstName: "Ada",
        lastName: "Lovelace",
        orderCount: 2,
        orders: [justPaidGuestOrder, justPaidGuestOrder],
      });
      expect(await guestAccountOf(db(), "AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
      expect(await guestAccountOf(db(), "not a guest id")).toBeNull();
      expect(await create("AAAAAAAAAAAAAAAAAAAAAA")).toMatchObject({
        ok: false,
        status: 404,
        error: { message: "Failed to get guest data" },
      });
    });

    it("creates the account, moves every order to it and takes the guest's payment details", async () => {
      const created = await create(guestId);
      expect(created).toMatchObject({ ok: true, cookies: [expect.stringContaining("session")] });

      const [user] = await db().select().from(users).where(eq(users.email, guestEmail));
      if (!user) throw new Error("the account was not created");
      expect(user).toMatchObject({ firstName: "Grace", lastName: "Hopper", guestId });
      const [guest] = await db().select().from(guests).where(eq(guests.id, guestId));
      expect(guest?.userId).toBe(user.id);
      expect(user.paymentCustomerId).toBe(guest?.paymentCustomerId);
      expect(await accountOrders(db(), user.id)).toHaveLength(2);
      expect(await accountMemberships(services(), user.id)).toHaveLength(1);
      expect(await accountCards(services(), user.id)).toHaveLength(1);
      expect(await mailsTo(guestEmail)).toContainEqual({ template: "new-account" });
    });

    it("then offers only sign-in: nobody claims the guest again", async () => {
      expect(await guestAccountOf(db(), guestId)).toEqual({
        kind: "sign-in",
        email: guestEmail,
        orderCount: 2,
        orders: [justPaidGuestOrder, justPaidGuestOrder],
      });
      expect(await create(guestId)).toMatchObject({
        ok: false,
        status: 403,
        error: { code: "GUEST_ALREADY_LINKED" },
      });

      const other = await registerTestCustomer(shop(), { firstName: "Other" });
      const signIn = (typed: string) =>
        signInToGuestAccount(services(), shopRequest("/create-account"), guestId, typed);
      expect(await signIn(other.password)).toMatchObject({ ok: false, status: 401 });
      expect(await accountOrders(db(), other.user.id)).toEqual([]);
      expect(await signIn(password)).toMatchObject({ ok: true });
    });
  });

  it("signing in from the page gives an account registered later its earlier guest orders", async () => {
    const email = `late-${engine}@example.com`;
    const guestId = await guestIdOf(await pay(bottles, { email }));
    const registered = await registerTestCustomer(shop(), { firstName: "Late" });
    await db().update(users).set({ email }).where(eq(users.id, registered.user.id));
    expect(await accountOrders(db(), registered.user.id)).toEqual([]);

    // The account's e-mail is not verified: the orders are not in it, the page offers to add them.
    expect(await guestAccountOf(db(), guestId)).toMatchObject({ kind: "sign-in-to-add", email });
    expect(
      await createAccountFromGuest(services(), shopRequest("/create-account"), guestId, {
        firstName: "Late",
        lastName: "Comer",
        password: "olive-grove-9",
      }),
    ).toMatchObject({ ok: false, status: 403, error: { code: "ACCOUNT_EXISTS" } });
    const signedIn = await signInToGuestAccount(
      services(),
      shopRequest("/create-account"),
      guestId,
      registered.password,
    );
    expect(signedIn).toMatchObject({ ok: true });
    expect(await guestAccountOf(db(), guestId)).toMatchObject({ kind: "sign-in", email });
    expect(await accountOrders(db(), registered.user.id)).toHaveLength(1);
    expect(await accountCards(services(), registered.user.id)).toEqual([]);
    expect(await accountShippingInfo(services(), registered.user.id)).toMatchObject({
      address: { line1: "12 Grove Street" },
    });
  });

  describe("account information at the payment provider", () => {
    const change = (customer: TestCustomer, email: string) => ({
      firstName: "Augusta",
      lastName: "King",
      email,
      newPassword: null,
      currentPassword: customer.password,
    });

    async function customerRecord(userId: string) {
      const [customerId] = await paymentCustomersOf(db(), userId);
      const [record] = await db()
        .select({ name: paymentCustomers.name, email: paymentCustomers.email })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.id, customerId ?? ""));
      return record;
    }

    it("gives the payment customer the new name and e-mail", async () => {
      const customer = await registerTestCustomer(shop(), { firstName: "Renamed" });
      await pay(bottles, { email: customer.user.email, customer });
      const email = `augusta-${engine}@example.com`;
      const outcome = await updateAccountInfo(
        services(),
        shopRequest("/account", customer.cookie),
        customer.user,
        change(customer, email),
      );
      expect(outcome).toMatchObject({ ok: true });
      expect(await customerRecord(customer.user.id)).toEqual({ name: "Augusta King", email });
    });

    it("keeps the previous e-mail everywhere when the provider refuses", async () => {
      const customer = await registerTestCustomer(shop(), { firstName: "Refused" });
      await pay(bottles, { email: customer.user.email, customer });
      const before = await customerRecord(customer.user.id);
      const refusing = services();
      refusing.payments = {
        ...refusing.payments,
        updateCustomer: () => Promise.reject(new Error("the provider is down")),
      };
      const outcome = await updateAccountInfo(
        refusing,
        shopRequest("/account", customer.cookie),
        customer.user,
        change(customer, `refused-${engine}@example.com`),
      );
      expect(outcome).toMatchObject({
        ok: false,
        status: 502,
        error: {
          message: "Failed to update your account information",
          code: "PAYMENT_CUSTOMER_NOT_UPDATED",
        },
      });
      const [user] = await db().select().from(users).where(eq(users.id, customer.user.id));
      expect(user).toMatchObject({ email: customer.user.email, firstName: "Refused" });
      expect(await customerRecord(customer.user.id)).toEqual(before);
    });
  });
});
