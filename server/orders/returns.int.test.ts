import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnMessages } from "~core/returns";
import { registerTestCustomer, testPublicUrl } from "../../test/support/auth";
import { paidOrder, shopForTests } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { orderForStaff, takeFulfilmentStep } from "../admin/order-work.server";
import { auditLog, mailOutbox, orders } from "../db/schema.server";
import { accountOrders } from "./history.server";
import { refundOrder } from "./refunds.server";
import {
  approveReturn,
  declineReturn,
  receiveReturn,
  requestAccountReturn,
  returnLabelPdf,
} from "./returns.server";

const clerk = { id: "staff-1", email: "clerk@example.com" };
const dayMs = 86_400_000;

describe.each(testEngines)("returns on %s", (engine) => {
  const { shop, db } = shopForTests(engine);

  /** A customer's order, delivered `daysAgo` days ago. */
  async function deliveredOrder(daysAgo = 2) {
    const customer = await registerTestCustomer(shop());
    const order = await paidOrder(shop(), customer.user.email);
    await db()
      .update(orders)
      .set({
        userId: customer.user.id,
        fulfilmentStatus: "delivered",
        carrier: "UPS",
        deliveredAt: new Date(Date.now() - daysAgo * dayMs),
      })
      .where(eq(orders.id, order.id));
    return { customer, order };
  }

  const statusesOf = async (id: string) => {
    const [order] = await db()
      .select({ fulfilmentStatus: orders.fulfilmentStatus, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, id));
    return order;
  };
  const fulfilmentOf = async (id: string) => (await statusesOf(id))?.fulfilmentStatus;
  const templatesTo = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).map(
      (mail) => mail.template,
    );

  it("runs the whole flow: request, approval with a label, receipt, refund; each step seen by the customer", async () => {
    const { customer, order } = await deliveredOrder();
    const userId = customer.user.id;
    expect((await accountOrders(db(), userId))[0]).toMatchObject({
      returnable: true,
      latestReturn: null,
    });
    expect(await requestAccountReturn(db(), userId, order.id, " The cap leaks ")).toEqual({
      ok: true,
    });
    expect(await fulfilmentOf(order.id)).toBe("return_requested");
    expect((await accountOrders(db(), userId))[0]).toMatchObject({
      returnable: false,
      latestReturn: { status: "requested" },
    });

    const pdf = new TextEncoder().encode("%PDF-1.7 prepaid label");
    expect(await approveReturn(db(), testPublicUrl, clerk, order.id, { kind: "pdf", pdf })).toEqual(
      {
        ok: true,
      },
    );
    const [labelMail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "return-approved"));
    const labelUrl = String(labelMail?.payload.labelUrl);
    expect(labelUrl).toMatch(new RegExp(`^${testPublicUrl}/return-label/[A-Za-z0-9_-]{32}$`));
    const token = labelUrl.split("/").at(-1) ?? "";
    expect(Buffer.from((await returnLabelPdf(db(), token)) ?? [])).toEqual(Buffer.from(pdf));
    expect((await accountOrders(db(), userId))[0]?.latestReturn).toMatchObject({
      status: "approved",
      labelUrl: `/return-label/${token}`,
    });

    expect(await receiveReturn(db(), clerk, order.id)).toEqual({ ok: true });
    expect(await fulfilmentOf(order.id)).toBe("returned");
    const refunded = await refundOrder(
      { db: db(), payments: shop().services("192.0.2.1").payments },
      clerk,
      order.id,
      {
        kind: "refund",
        key: "return-refund-key-0001",
        amountCents: order.totalCents,
        reason: "Returned",
      },
    );
    // The goods came back and the money went back: both statuses say so.
    expect(refunded).toMatchObject({
      ok: true,
      order: { fulfilmentStatus: "returned", paymentStatus: "refunded" },
    });

    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, order.id));
    expect(
      audit.map((row) => [
        row.action,
        row.before?.fulfilmentStatus,
        row.after?.fulfilmentStatus,
        row.after?.paymentStatus,
        row.after?.returnStatus,
      ]),
    ).toEqual([
      ["order.return_approved", "return_requested", "return_requested", "paid", "approved"],
      ["order.return_received", "return_requested", "returned", "paid", "received"],
      ["order.refunded", "returned", "returned", "refunded", undefined],
    ]);
    expect(await templatesTo(customer.user.email)).toEqual(
      expect.arrayContaining(["return-approved", "order-refunded"]),
    );
    const timeline = (await orderForStaff(db(), order.id))?.timeline.map((entry) => entry.what);
    expect(timeline).toEqual(
      expect.arrayContaining([
        "Return requested by the customer: The cap leaks",
        "Return approved, label: PDF",
        "Return received",
        `Refunded $${(order.totalCents / 100).toFixed(2).replace(/\.00$/, "")}: Returned`,
      ]),
    );
  });

  it("declines with a message: the order is delivered again, its refund kept, and the customer reads why", async () => {
    const { customer, order } = await deliveredOrder();
    await db()
      .update(orders)
      .set({ refundedCents: 100, paymentStatus: "partially_refunded" })
      .where(eq(orders.id, order.id));
    await requestAccountReturn(db(), customer.user.id, order.id, "Changed my mind");
    expect(await declineReturn(db(), clerk, order.id, "Opened bottles cannot come back")).toEqual({
      ok: true,
    });
    expect(await statusesOf(order.id)).toEqual({
      fulfilmentStatus: "delivered",
      paymentStatus: "partially_refunded",
    });
    expect((await accountOrders(db(), customer.user.id))[0]).toMatchObject({
      latestReturn: { status: "declined", message: "Opened bottles cannot come back" },
    });
    expect(await templatesTo(customer.user.email)).toContain("return-declined");
    // Nothing left to answer, nothing to receive.
    expect(await declineReturn(db(), clerk, order.id, "Again")).toMatchObject({
      ok: false,
      reason: "not-allowed",
    });
    expect(await receiveReturn(db(), clerk, order.id)).toMatchObject({ ok: false });
  });

  it("refuses a return after 30 days, before delivery, for another customer's order, and without a reason", async () => {
    const late = await deliveredOrder(31);
    expect(await requestAccountReturn(db(), late.customer.user.id, late.order.id, "Late")).toEqual({
      ok: false,
      status: 409,
      error: { message: returnMessages.tooLate, code: "RETURN_REFUSED" },
    });
    expect((await accountOrders(db(), late.customer.user.id))[0]?.returnable).toBe(false);

    const fresh = await deliveredOrder();
    const stranger = await registerTestCustomer(shop(), { firstName: "Mallory" });
    expect(
      await requestAccountReturn(db(), stranger.user.id, fresh.order.id, "Mine now"),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await requestAccountReturn(db(), fresh.customer.user.id, fresh.order.id, "  "),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await fulfilmentOf(fresh.order.id)).toBe("delivered");

    const refunded = await deliveredOrder();
    await db()
      .update(orders)
      .set({ paymentStatus: "refunded" })
      .where(eq(orders.id, refunded.order.id));
    expect(
      await requestAccountReturn(db(), refunded.customer.user.id, refunded.order.id, "Refunded"),
    ).toMatchObject({ ok: false, error: { message: returnMessages.refunded } });

    const undelivered = await paidOrder(shop(), fresh.customer.user.email);
    await db()
      .update(orders)
      .set({ userId: fresh.customer.user.id })
      .where(eq(orders.id, undelivered.id));
    expect(
      await requestAccountReturn(db(), fresh.customer.user.id, undelivered.id, "Too soon"),
    ).toMatchObject({ ok: false, error: { message: returnMessages.notDelivered } });
  });

  it("starts the return window at delivery, and approves with a pasted label address", async () => {
    const customer = await registerTestCustomer(shop());
    const order = await paidOrder(shop(), customer.user.email, { pickup: true });
    await db().update(orders).set({ userId: customer.user.id }).where(eq(orders.id, order.id));
    await takeFulfilmentStep(db(), testPublicUrl, clerk, order.id, "ready_for_pickup");
    await takeFulfilmentStep(db(), testPublicUrl, clerk, order.id, "picked_up");
    expect(await requestAccountReturn(db(), customer.user.id, order.id, "Wrong oil")).toEqual({
      ok: true,
    });
    const label = { kind: "url" as const, url: "https://labels.example/ABC" };
    expect(await approveReturn(db(), testPublicUrl, clerk, order.id, label)).toEqual({ ok: true });
    expect(
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer.user.email))).at(-1)
        ?.payload,
    ).toMatchObject({ labelUrl: "https://labels.example/ABC" });
  });
});
