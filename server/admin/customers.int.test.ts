import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customersQuery } from "~core/admin/customers-query";
import { listPageSize } from "~core/admin/list-query";
import { membershipsQuery } from "~core/admin/memberships-query";
import {
  openVerificationLink,
  registerTestCustomer,
  type TestCustomer,
  verificationLinkTo,
} from "../../test/support/auth";
import {
  bottlesCart,
  membershipCart,
  nextClientIp,
  payThroughSandbox,
  shopForTests,
} from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { auditLog, mailOutbox, memberships, orders, users } from "../db/schema.server";
import { accountMemberships } from "../memberships/account.server";
import { findOrderByCheckoutSession } from "../orders/queries.server";
import { customerForStaff, findCustomers } from "./customers.server";
import { alreadyCancelled, cancelOnBehalf, findMemberships } from "./memberships.server";

const clerk = { id: "staff-1", email: "clerk@example.com" };

/** Luxe × 2 ($66) with standard shipping ($15); Everyday Luxury ($49) ships free. */
const bottlesTotalCents = 8100;
const membershipTotalCents = 4900;

describe.each(testEngines)("customers and memberships in the back office on %s", (engine) => {
  const { shop, db, services } = shopForTests(engine);

  async function orderOf(sessionId: string) {
    const order = await findOrderByCheckoutSession(db(), sessionId);
    if (!order) throw new Error(`no order for ${sessionId}`);
    return order;
  }

  /** A customer who bought bottles (part refunded) and a membership, signed in. */
  async function member(firstName: string): Promise<TestCustomer> {
    const customer = await registerTestCustomer(shop(), { firstName, lastName: "Member" });
    const payer = { email: customer.user.email, customer };
    const bottles = await orderOf(await payThroughSandbox(shop(), bottlesCart, payer));
    await db()
      .update(orders)
      .set({ refundedCents: 1000, paymentStatus: "partially_refunded" })
      .where(eq(orders.id, bottles.id));
    await payThroughSandbox(shop(), membershipCart, payer);
    return customer;
  }

  const auditOf = (subscriptionItemId: string) =>
    db().select().from(auditLog).where(eq(auditLog.subjectId, subscriptionItemId));

  const cancellationMailsTo = (email: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "membership-cancelled")));

  async function membershipOf(customer: TestCustomer) {
    const found = await customerForStaff(db(), customer.user.id);
    const [membership] = found?.memberships ?? [];
    if (!membership) throw new Error(`${customer.user.email} holds no membership`);
    return membership;
  }

  it("lists accounts with their orders, lifetime spend less refunds and active memberships", async () => {
    const ada = await member("Adalist");
    const grace = await registerTestCustomer(shop(), { firstName: "Gracelist" });
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, grace.user.id));
    const clerkAccount = await registerTestCustomer(shop(), { firstName: "Clerklist" });
    await db().update(users).set({ role: "staff" }).where(eq(users.id, clerkAccount.user.id));

    const { customers } = await findCustomers(db(), { ...customersQuery.defaults, q: "list" });
    expect(customers).toEqual([
      expect.objectContaining({
        id: grace.user.id,
        name: `Gracelist Lovelace`,
        email: grace.user.email,
        emailVerified: true,
        orderCount: 0,
        lifetimeSpendCents: 0,
        activeMemberships: 0,
      }),
      expect.objectContaining({
        id: ada.user.id,
        name: "Adalist Member",
        emailVerified: false,
        orderCount: 2,
        lifetimeSpendCents: bottlesTotalCents + membershipTotalCents - 1000,
        activeMemberships: 1,
      }),
    ]);
    const [first] = customers;
    expect(first?.joinedAt).toBeInstanceOf(Date);
  });

  it("searches by e-mail or name in any case, sorts, and pages 25 at a time", async () => {
    await db()
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          id: `pager${String(index).padStart(2, "0")}`,
          name: `Pager Person ${index}`,
          email: `pager-${index}@example.net`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
        })),
      );
    const query = { ...customersQuery.defaults, q: "PAGER-" };
    const firstPage = await findCustomers(db(), query);
    expect(firstPage).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(firstPage.customers).toHaveLength(listPageSize);
    expect(firstPage.customers[0]?.id).toBe("pager29");
    const secondPage = await findCustomers(db(), { ...query, page: 2 });
    expect(secondPage.customers.map((row) => row.id)).toEqual([
      "pager04",
      "pager03",
      "pager02",
      "pager01",
      "pager00",
    ]);
    const past = await findCustomers(db(), { ...query, page: 3 });
    expect(past).toMatchObject({ customers: [], total: 30, pageCount: 2 });

    const byName = await findCustomers(db(), { ...customersQuery.defaults, q: "person 2" });
    const twenties = Array.from({ length: 10 }, (_, index) => `pager2${index}`);
    expect(byName.customers.map((row) => row.id).sort()).toEqual(["pager02", ...twenties]);
    const oldest = await findCustomers(db(), { ...query, sort: "oldest" });
    expect(oldest.customers[0]?.id).toBe("pager00");
    // The search is literal: `_` and `%` are no wildcards.
    expect((await findCustomers(db(), { ...customersQuery.defaults, q: "pager_1" })).total).toBe(0);
  });

  it("sorts by lifetime spend, highest first", async () => {
    const big = await member("Spendbig");
    const small = await registerTestCustomer(shop(), { firstName: "Spendsmall" });
    await payThroughSandbox(shop(), bottlesCart, { email: small.user.email, customer: small });
    const { customers } = await findCustomers(db(), {
      ...customersQuery.defaults,
      q: "spend",
      sort: "spend",
    });
    expect(customers.map((row) => [row.id, row.lifetimeSpendCents])).toEqual([
      [big.user.id, bottlesTotalCents + membershipTotalCents - 1000],
      [small.user.id, bottlesTotalCents],
    ]);
  });

  it("shows a customer's page: details, orders, memberships and the last address", async () => {
    const ada = await member("Adapage");
    const found = await customerForStaff(db(), ada.user.id);
    expect(found?.customer).toMatchObject({ email: ada.user.email, orderCount: 2 });
    expect(
      found?.orders.map((order) => [
        order.kind,
        order.fulfilmentStatus,
        order.paymentStatus,
        order.totalCents,
      ]),
    ).toEqual([
      ["purchase", "unfulfilled", "paid", membershipTotalCents],
      ["purchase", "unfulfilled", "partially_refunded", bottlesTotalCents],
    ]);
    expect(found?.orders[1]?.refundedCents).toBe(1000);
    expect(found?.memberships).toEqual([
      expect.objectContaining({
        plan: "Everyday Luxury",
        quantity: 1,
        unitPriceCents: membershipTotalCents,
        status: "active",
        canceledAt: null,
      }),
    ]);
    expect(found?.lastAddress).toEqual({
      shipTo: "Ada Lovelace",
      address: expect.objectContaining({ line1: "12 Grove Street", city: "Mountain View" }),
    });
    expect(await customerForStaff(db(), "nobody")).toBeNull();
    const staffMember = await registerTestCustomer(shop(), { firstName: "Staffpage" });
    await db().update(users).set({ role: "owner" }).where(eq(users.id, staffMember.user.id));
    expect(await customerForStaff(db(), staffMember.user.id)).toBeNull();
  });

  it("cancels on the customer's behalf: the record, the audit row and the e-mail in one transaction", async () => {
    const ada = await member("Adacancel");
    const { subscriptionItemId } = await membershipOf(ada);

    const outcome = await cancelOnBehalf(services(), clerk, subscriptionItemId);
    expect(outcome).toMatchObject({ ok: true, membership: { plan: "Everyday Luxury" } });

    const [record] = await db()
      .select()
      .from(memberships)
      .where(eq(memberships.subscriptionItemId, subscriptionItemId));
    expect(record?.status).toBe("canceled");
    const audit = await auditOf(subscriptionItemId);
    expect(
      audit.map((row) => [row.action, row.subjectType, row.actorEmail, row.before, row.after]),
    ).toEqual([
      [
        "membership.cancelled",
        "membership",
        clerk.email,
        { status: "active" },
        { status: "canceled" },
      ],
    ]);
    const mails = await cancellationMailsTo(ada.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toMatchObject({
      customerName: "Adacancel Member",
      membershipName: "Everyday Luxury",
    });
    // Both rows take the time of their transaction's start: the same time, the same transaction.
    expect(mails[0]?.createdAt).toEqual(audit[0]?.at);
    // The customer's own tab no longer lists it; the back office shows it cancelled.
    expect(await accountMemberships(services(), ada.user.id)).toEqual([]);
    expect(await membershipOf(ada)).toMatchObject({ status: "canceled" });
    expect((await customerForStaff(db(), ada.user.id))?.customer.activeMemberships).toBe(0);
  });

  it("refuses to cancel a membership already cancelled, and one that does not exist", async () => {
    const ada = await member("Adatwice");
    const { subscriptionItemId } = await membershipOf(ada);
    const both = await Promise.all([
      cancelOnBehalf(services(), clerk, subscriptionItemId),
      cancelOnBehalf(services(), clerk, subscriptionItemId),
    ]);
    expect(both.filter((outcome) => outcome.ok)).not.toHaveLength(0);
    expect(await cancelOnBehalf(services(), clerk, subscriptionItemId)).toEqual({
      ok: false,
      reason: "refused",
      message: alreadyCancelled,
    });
    const audit = await auditOf(subscriptionItemId);
    expect(audit).toHaveLength(1);
    const mails = await cancellationMailsTo(ada.user.email);
    expect(mails).toHaveLength(1);
    expect(await cancelOnBehalf(services(), clerk, "si_sandbox_nosuch")).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  /** A shopper who pays without an account, for bottles (part refunded) and a membership. */
  async function guestBuyer(email: string) {
    const bottles = await orderOf(await payThroughSandbox(shop(), bottlesCart, { email }));
    await db().update(orders).set({ refundedCents: 1000 }).where(eq(orders.id, bottles.id));
    const membership = await orderOf(await payThroughSandbox(shop(), membershipCart, { email }));
    return { bottles, membership };
  }

  const searchFor = async (q: string) =>
    (await findCustomers(db(), { ...customersQuery.defaults, q })).customers;

  it("lists a guest who paid as a customer, marked as a guest, with their figures", async () => {
    const email = "Guestrow.Buyer@example.org";
    const { bottles } = await guestBuyer(email);
    const found = await searchFor("guestrow.buyer");
    expect(found).toEqual([
      {
        id: `guest.${bottles.guestId}`,
        kind: "guest",
        name: "Ada Lovelace",
        email,
        emailVerified: false,
        joinedAt: expect.any(Date),
        orderCount: 2,
        lifetimeSpendCents: bottlesTotalCents + membershipTotalCents - 1000,
        activeMemberships: 1,
      },
    ]);
    // Found by a part of the name too, with the accounts of that name.
    const byName = await searchFor("ada lovelace");
    expect(byName.map((customer) => customer.id)).toContain(`guest.${bottles.guestId}`);
    // Sorted with the accounts by what they spent.
    const bySpend = await findCustomers(db(), { ...customersQuery.defaults, sort: "spend" });
    const spends = bySpend.customers.map((customer) => customer.lifetimeSpendCents);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
  });

  it("shows a guest's page: their orders, memberships and the last address", async () => {
    const { bottles, membership } = await guestBuyer("guestpage@example.org");
    const found = await customerForStaff(db(), `guest.${bottles.guestId}`);
    expect(found?.customer).toMatchObject({ kind: "guest", email: "guestpage@example.org" });
    expect(found?.orders.map((order) => order.id)).toEqual([membership.id, bottles.id]);
    expect(found?.memberships).toEqual([
      expect.objectContaining({ plan: "Everyday Luxury", status: "active" }),
    ]);
    expect(found?.lastAddress).toMatchObject({ address: { line1: "12 Grove Street" } });
    // A guest's id is never taken for an account's, nor the other way round.
    expect(await customerForStaff(db(), bottles.guestId ?? "")).toBeNull();
    expect(await customerForStaff(db(), "guest.no-such-guest")).toBeNull();
    expect(await customerForStaff(db(), "guest.a/b")).toBeNull();
  });

  it("merges a guest into the account of their e-mail once it is verified, in one row", async () => {
    const account = await registerTestCustomer(shop(), { firstName: "Mergeguest" });
    const { email } = account.user;
    // Paid without signing in, while the account has not proved the e-mail: still a guest.
    await guestBuyer(email);
    const before = await searchFor(email);
    expect(before.map((customer) => [customer.kind, customer.orderCount])).toEqual(
      expect.arrayContaining([
        ["guest", 2],
        ["account", 0],
      ]),
    );
    expect(before).toHaveLength(2);

    const link = await verificationLinkTo(shop(), email);
    expect(await openVerificationLink(shop(), link, account)).toMatchObject({ ok: true });
    expect(await searchFor(email)).toEqual([
      expect.objectContaining({
        id: account.user.id,
        kind: "account",
        emailVerified: true,
        orderCount: 2,
        lifetimeSpendCents: bottlesTotalCents + membershipTotalCents - 1000,
        activeMemberships: 1,
      }),
    ]);
  });

  it("lists memberships by status and by the holder's e-mail, guests included", async () => {
    const ada = await member("Adamembers");
    const guestEmail = `guest-${nextClientIp().replaceAll(".", "-")}@example.org`;
    await payThroughSandbox(shop(), membershipCart, { email: guestEmail });
    await cancelOnBehalf(services(), clerk, (await membershipOf(ada)).subscriptionItemId);

    const adaOnly = await findMemberships(db(), {
      ...membershipsQuery.defaults,
      q: ada.user.email.toUpperCase(),
    });
    expect(adaOnly).toMatchObject({
      total: 1,
      statusCounts: { active: 0, paused: 0, past_due: 0, canceled: 1 },
    });
    expect(adaOnly.memberships[0]?.holder).toEqual({
      customerId: ada.user.id,
      hasAccount: true,
      name: "Adamembers Member",
      email: ada.user.email,
    });
    const guest = await findMemberships(db(), { ...membershipsQuery.defaults, q: guestEmail });
    const [guestCustomer] = (
      await findCustomers(db(), { ...customersQuery.defaults, q: guestEmail })
    ).customers;
    expect(guest.memberships).toEqual([
      expect.objectContaining({
        status: "active",
        plan: "Everyday Luxury",
        holder: {
          customerId: guestCustomer?.id,
          hasAccount: false,
          name: "Ada Lovelace",
          email: guestEmail,
        },
      }),
    ]);
    expect(guestCustomer?.id).toMatch(/^guest\./);
    const activeOnly = await findMemberships(db(), {
      ...membershipsQuery.defaults,
      status: "active",
    });
    expect(activeOnly.memberships.every((row) => row.status === "active")).toBe(true);
    expect(activeOnly.memberships.map((row) => row.holder.email)).toContain(guestEmail);
    expect(activeOnly.memberships.map((row) => row.holder.email)).not.toContain(ada.user.email);
    expect(activeOnly.total).toBe(activeOnly.statusCounts.active);
  });
});

describe.each(testEngines)("the customers' pages over HTTP on %s", (engine) => {
  let running: RunningTestShop;

  beforeAll(async () => {
    running = await startBuiltShop(engine);
  });
  afterAll(() => running.stop());

  it("send a signed-out visitor to sign in, answer a customer as at an unknown address, and cancel nothing", async () => {
    const client = shopClient(running.url);
    const customer = await client.register("nosy@example.com");
    const cancelPath = "/admin/memberships/si_sandbox_abc/cancel";
    const paths = ["/admin/customers", "/admin/customers/abc", "/admin/memberships", cancelPath];
    for (const cookie of ["", customer]) {
      for (const path of paths) {
        const page = await fetch(new URL(path, running.url), {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        const unknown = cookie ? "/" : `/sign-in?redirectTo=${encodeURIComponent(path)}`;
        expect([path, page.status, page.headers.get("Location")]).toEqual([path, 302, unknown]);
      }
      const posted = await client.postForm(cancelPath, {}, { cookie });
      const refused = cookie ? "/" : `/sign-in?redirectTo=${encodeURIComponent(cancelPath)}`;
      expect([posted.status, posted.headers.get("Location")]).toEqual([302, refused]);
    }
    expect(await running.database.db.select().from(auditLog)).toEqual([]);
  });
});
