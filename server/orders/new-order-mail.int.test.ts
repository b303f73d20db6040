import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testPublicUrl } from "../../test/support/auth";
import { openCheckout, paidSession, testConfig, testShop } from "../../test/support/checkout";
import {
  bottlesCart,
  membershipCart,
  nextClientIp,
  payThroughSandbox,
  shopForTests,
} from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { mailOutbox, users } from "../db/schema.server";
import { renderMail } from "../mail/render.server";
import { storedMessage } from "../mail/stored-message.server";
import { runSandboxBilling } from "../payments/sandbox/billing.server";
import { fulfilCheckout } from "./fulfil.server";
import { handlePaymentEvent } from "./payment-events.server";
import { findOrderByCheckoutSession } from "./queries.server";

const staffAccounts = [
  { id: "owner-1", email: "owner@example.com", role: "owner" as const, newOrderEmails: false },
  { id: "keen-1", email: "keen@example.com", role: "staff" as const, newOrderEmails: true },
  { id: "quiet-1", email: "quiet@example.com", role: "staff" as const, newOrderEmails: false },
  // A customer's account never gets them, whatever its column says.
  { id: "buyer-1", email: "nosy@example.com", role: "customer" as const, newOrderEmails: true },
];

const brand = {
  name: "Troia Grove",
  supportEmail: "hello@troiagrove.com",
  publicUrl: testPublicUrl,
};

describe.each(testEngines)("the new-order e-mail on %s", (engine) => {
  const { shop, db } = shopForTests(engine);

  async function withStaff() {
    const [existing] = await db().select().from(users).where(eq(users.id, "owner-1"));
    if (existing) return;
    await db()
      .insert(users)
      .values(staffAccounts.map((account) => ({ ...account, name: account.email })));
  }

  /** The new-order e-mails about `orderId`, by recipient. */
  async function noticesOf(orderId: string) {
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, "new-order"),
          sql`${mailOutbox.payload} ->> 'orderId' = ${orderId}`,
        ),
      )
      .orderBy(mailOutbox.to);
    return rows;
  }

  async function orderOf(sessionId: string) {
    const order = await findOrderByCheckoutSession(db(), sessionId);
    if (!order) throw new Error(`no order for ${sessionId}`);
    return order;
  }

  it("goes to the owner and the staff who asked, never to other staff or customers", async () => {
    await withStaff();
    const sessionId = await payThroughSandbox(shop(), bottlesCart, { email: "buyer@example.org" });
    const order = await orderOf(sessionId);
    const notices = await noticesOf(order.id);
    expect(notices.map((notice) => notice.to)).toEqual(["keen@example.com", "owner@example.com"]);
    expect(notices[0]?.payload).toEqual({
      orderId: order.id,
      orderUrl: `${testPublicUrl}/admin/orders/${order.id}`,
      isRenewal: false,
      customerName: "Ada Lovelace",
      customerEmail: "buyer@example.org",
      hasAccount: false,
      items: [{ name: "Luxe 375 ml", quantity: 2, listTotalCents: 6600 }],
      delivery: {
        heading: "Ship to",
        lines: ["Ada Lovelace", "12 Grove Street", "Mountain View, CA 94041"],
      },
      shippingCents: 1500,
      discountCents: 0,
      taxCents: 0,
      totalCents: 8100,
    });
    // The customer has their own confirmation, and nothing addressed to the staff.
    const toBuyer = await db()
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "buyer@example.org"));
    expect(toBuyer).toEqual([{ template: "order-confirmation" }]);
  });

  it("reads as an owner wants it: the number and total in the subject, the link to the order", async () => {
    await withStaff();
    const sessionId = await payThroughSandbox(shop(), bottlesCart, { email: "reader@example.org" });
    const order = await orderOf(sessionId);
    const [notice] = await noticesOf(order.id);
    const message = notice && storedMessage(notice);
    if (!message) throw new Error("the notice does not read back");
    const mail = await renderMail(brand, message);
    expect(mail.subject).toBe(`New order ${order.id} — $81`);
    expect(mail.text).toContain("Ada Lovelace (reader@example.org, guest, no account) paid $81");
    expect(mail.text).toContain("2 × Luxe 375 ml");
    expect(mail.text).toContain("Ship to");
    expect(mail.text).toContain("12 Grove Street");
    expect(mail.html).toContain(`href="${testPublicUrl}/admin/orders/${order.id}"`);
  });

  it("is queued once per order whatever the number of deliveries of its payment", async () => {
    await withStaff();
    const checkout = testShop(db());
    const sessionId = await openCheckout(checkout, { items: bottlesCart, localPickup: true });
    const session = await paidSession(db(), sessionId, {
      customer: { name: "Five Times", email: "five@example.org" },
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => fulfilCheckout(checkout, { id: "evt_five", session })),
    );
    expect(results.filter((result) => result.outcome === "created")).toHaveLength(1);
    const again = await handlePaymentEvent(checkout, {
      id: "evt_five_async",
      type: "checkout.completed",
      session,
    });
    expect(again.outcome).toBe("already-done");
    const notices = await noticesOf((await orderOf(sessionId)).id);
    expect(notices.map((notice) => notice.to)).toEqual(["keen@example.com", "owner@example.com"]);
    expect(notices[0]?.payload).toMatchObject({
      delivery: {
        heading: "Hold for pickup",
        lines: ["Five Times", "Local pickup in Mountain View"],
      },
    });
  });

  it("says a membership's renewal is one, once per renewal", async () => {
    await withStaff();
    await payThroughSandbox(shop(), membershipCart, {
      email: `member-${nextClientIp()}@example.org`,
    });
    const renewal = { db: db(), publicUrl: testPublicUrl, shopTimeZone: testConfig.shopTimeZone };
    const later = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const runs = await Promise.all([
      runSandboxBilling(renewal, later),
      runSandboxBilling(renewal, later),
    ]);
    const billed = runs.flatMap((run) => run.billed);
    expect(billed).toHaveLength(1);
    const [renewalId = ""] = billed;
    const notices = await noticesOf(renewalId);
    expect(notices.map((notice) => notice.to)).toEqual(["keen@example.com", "owner@example.com"]);
    expect(notices[0]?.payload).toMatchObject({ isRenewal: true, totalCents: 4900 });
    const message = notices[0] && storedMessage(notices[0]);
    if (!message) throw new Error("the notice does not read back");
    expect((await renderMail(brand, message)).subject).toBe(
      `New order ${renewalId} — $49 (Membership renewal)`,
    );
  });
});
