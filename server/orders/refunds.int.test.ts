import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~core/money";
import { refundMessages, usedConfirmationMessages } from "~core/refunds";
import { testPublicUrl } from "../../test/support/auth";
import { paidOrder, shopForTests } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { takeFulfilmentStep } from "../admin/order-work.server";
import { auditLog, mailOutbox, orderRefunds, orders } from "../db/schema.server";
import type { RefundRequest } from "../payments/provider.server";
import { type RefundAsk, reconcileRefunds, refundOrder } from "./refunds.server";

const clerk = { id: "staff-1", email: "clerk@example.com" };
let keyNumber = 0;
const newKey = () => `refund-key-${String(++keyNumber).padStart(8, "0")}`;

/** A provider that records each refund it is asked for, and fails when told to. */
function recordingProvider() {
  const asked: RefundRequest[] = [];
  let failing = false;
  return {
    asked,
    failNext: () => {
      failing = true;
    },
    async refundPayment(request: RefundRequest) {
      asked.push(request);
      if (failing) {
        failing = false;
        throw new Error("card issuer unavailable");
      }
      return { refundId: `re_${request.idempotencyKey}` };
    },
  };
}

describe.each(testEngines)("refunds on %s", (engine) => {
  const { shop, db } = shopForTests(engine);

  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const auditOf = async (id: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.subjectId, id))).map((row) => [
      row.action,
      row.before,
      row.after,
    ]);
  const refundMails = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)))
      .filter((mail) => mail.template === "order-refunded")
      .map((mail) => mail.payload);

  function refund(provider: ReturnType<typeof recordingProvider>, orderId: string, ask: RefundAsk) {
    return refundOrder({ db: db(), payments: provider }, clerk, orderId, ask);
  }

  it("refunds part, then the rest: amounts, statuses, the provider's calls, audit rows and e-mails", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "partial@example.com");
    const first = newKey();
    const part = await refund(provider, order.id, {
      kind: "refund",
      key: first,
      amountCents: 1000,
      reason: "One bottle arrived broken",
    });
    expect(part).toMatchObject({
      ok: true,
      order: {
        paymentStatus: "partially_refunded",
        fulfilmentStatus: "unfulfilled",
        refundedCents: 1000,
      },
    });
    const rest = order.totalCents - 1000;
    const second = newKey();
    expect(
      await refund(provider, order.id, {
        kind: "refund",
        key: second,
        amountCents: rest,
        reason: "Goodwill",
      }),
    ).toMatchObject({
      ok: true,
      // Refunded in full before it was sent, the order will not be sent.
      order: {
        paymentStatus: "refunded",
        fulfilmentStatus: "cancelled",
        refundedCents: order.totalCents,
      },
    });

    expect(provider.asked).toEqual([
      {
        paymentReference: order.checkoutSessionId,
        amountCents: 1000,
        idempotencyKey: first,
        orderId: order.id,
      },
      {
        paymentReference: order.checkoutSessionId,
        amountCents: rest,
        idempotencyKey: second,
        orderId: order.id,
      },
    ]);
    const refunds = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(refunds.map((row) => [row.status, row.providerRefundId, row.actorEmail])).toEqual([
      ["succeeded", `re_${first}`, clerk.email],
      ["succeeded", `re_${second}`, clerk.email],
    ]);
    expect(await auditOf(order.id)).toEqual([
      [
        "order.refunded",
        { paymentStatus: "paid", fulfilmentStatus: "unfulfilled", refundedCents: 0 },
        {
          paymentStatus: "partially_refunded",
          fulfilmentStatus: "unfulfilled",
          refundedCents: 1000,
          amountCents: 1000,
          reason: "One bottle arrived broken",
        },
      ],
      [
        "order.refunded",
        {
          paymentStatus: "partially_refunded",
          fulfilmentStatus: "unfulfilled",
          refundedCents: 1000,
        },
        {
          paymentStatus: "refunded",
          fulfilmentStatus: "cancelled",
          refundedCents: order.totalCents,
          amountCents: rest,
          reason: "Goodwill",
        },
      ],
    ]);
    expect(await refundMails("partial@example.com")).toEqual([
      { customerName: "Ada Lovelace", orderId: order.id, amountCents: 1000, cancelled: false },
      { customerName: "Ada Lovelace", orderId: order.id, amountCents: rest, cancelled: false },
    ]);
  });

  it("refunds once for a confirmation sent twice at the same moment, and says so to the second", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "twice@example.com");
    const ask: RefundAsk = { kind: "refund", key: newKey(), amountCents: 500, reason: "Late" };
    const both = await Promise.all([
      refund(provider, order.id, ask),
      refund(provider, order.id, ask),
    ]);
    expect(both.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(both.filter((outcome) => !outcome.ok)).toEqual([
      {
        ok: false,
        reason: "already-used",
        message: expect.stringMatching(/nothing more was refunded$/),
      },
    ]);
    expect((await orderRow(order.id))?.refundedCents).toBe(500);
    expect(await auditOf(order.id)).toHaveLength(1);
    expect(await refundMails("twice@example.com")).toHaveLength(1);
    expect(provider.asked.map((asked) => asked.idempotencyKey)).toEqual([ask.key]);
  });

  it("refunds nothing for a confirmation sent again later, whatever became of its refund", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "stale@example.com");
    const made: RefundAsk = { kind: "refund", key: newKey(), amountCents: 500, reason: "Late" };
    expect(await refund(provider, order.id, made)).toMatchObject({ ok: true });
    expect(await refund(provider, order.id, made)).toEqual({
      ok: false,
      reason: "already-used",
      message: usedConfirmationMessages.succeeded,
    });
    provider.failNext();
    const failing: RefundAsk = { ...made, key: newKey() };
    expect(await refund(provider, order.id, failing)).toMatchObject({ reason: "provider-failed" });
    expect(await refund(provider, order.id, failing)).toEqual({
      ok: false,
      reason: "already-used",
      message: usedConfirmationMessages.failed,
    });
    const waiting: RefundAsk = { ...made, key: newKey() };
    await db().insert(orderRefunds).values({
      id: waiting.key,
      orderId: order.id,
      amountCents: 100,
      reason: "Being made",
      actorId: clerk.id,
      actorEmail: clerk.email,
    });
    expect(await refund(provider, order.id, waiting)).toEqual({
      ok: false,
      reason: "already-used",
      message: usedConfirmationMessages.pending,
    });
    expect((await orderRow(order.id))?.refundedCents).toBe(500);
    expect(await refundMails("stale@example.com")).toHaveLength(1);
    expect(provider.asked.map((asked) => asked.idempotencyKey)).toEqual([made.key, failing.key]);
  });

  it("never refunds more than what is left, nor after everything was refunded", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "limits@example.com");
    const tooMuch = await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: order.totalCents + 1,
      reason: "Too much",
    });
    expect(tooMuch).toMatchObject({ ok: false, reason: "not-allowed" });
    // Two different forms racing for the whole amount: one wins, the other is refused.
    const whole = (key: string): RefundAsk => ({
      kind: "refund",
      key,
      amountCents: order.totalCents,
      reason: "All",
    });
    const raced = await Promise.all([
      refund(provider, order.id, whole(newKey())),
      refund(provider, order.id, whole(newKey())),
    ]);
    expect(raced.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(
      await refund(provider, order.id, {
        kind: "refund",
        key: newKey(),
        amountCents: 1,
        reason: "More",
      }),
    ).toEqual({
      ok: false,
      reason: "not-allowed",
      message: "Everything paid for this order has been refunded",
    });
    expect(provider.asked).toHaveLength(1);
    expect((await orderRow(order.id))?.refundedCents).toBe(order.totalCents);
    // A key belongs to its order: reused on another, it refunds nothing.
    const other = await paidOrder(shop(), "limits-other@example.com");
    const reused = await refund(provider, other.id, {
      kind: "refund",
      key: provider.asked[0]?.idempotencyKey ?? "",
      amountCents: 100,
      reason: "Reused",
    });
    expect(reused).toMatchObject({ ok: false, reason: "not-allowed" });
  });

  it("refunds nothing when the provider fails, and a new form then succeeds", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "failing@example.com");
    provider.failNext();
    const failed = await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: 700,
      reason: "Broken",
    });
    expect(failed).toMatchObject({ ok: false, reason: "provider-failed" });
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "paid",
      fulfilmentStatus: "unfulfilled",
      refundedCents: 0,
    });
    expect(await auditOf(order.id)).toEqual([]);
    const again = await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: 700,
      reason: "Broken",
    });
    expect(again).toMatchObject({ ok: true, order: { refundedCents: 700 } });
  });

  it("cancels an unshipped order with a full refund, and refuses to cancel or ship what cannot be", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "cancel@example.com");
    await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: 300,
      reason: "Goodwill",
    });
    const left = order.totalCents - 300;
    const changed = await refund(provider, order.id, {
      kind: "cancel",
      key: newKey(),
      amountCents: order.totalCents,
      reason: "Out of stock",
    });
    expect(changed).toEqual({
      ok: false,
      reason: "not-allowed",
      message: refundMessages.leftChanged(formatMoney(left)),
    });
    const cancelled = await refund(provider, order.id, {
      kind: "cancel",
      key: newKey(),
      amountCents: left,
      reason: "Out of stock",
    });
    expect(cancelled).toMatchObject({
      ok: true,
      order: {
        paymentStatus: "refunded",
        fulfilmentStatus: "cancelled",
        refundedCents: order.totalCents,
      },
      refund: { amountCents: order.totalCents - 300 },
    });
    expect((await auditOf(order.id)).map(([action]) => action)).toEqual([
      "order.refunded",
      "order.cancelled",
    ]);
    expect((await refundMails("cancel@example.com")).at(-1)).toMatchObject({ cancelled: true });
    const shipped = await takeFulfilmentStep(db(), testPublicUrl, clerk, order.id, "processing");
    expect(shipped).toMatchObject({ ok: false, reason: "not-allowed" });

    const onItsWay = await paidOrder(shop(), "cancel-shipped@example.com");
    await db()
      .update(orders)
      .set({ fulfilmentStatus: "shipped", carrier: "UPS" })
      .where(eq(orders.id, onItsWay.id));
    expect(
      await refund(provider, onItsWay.id, {
        kind: "cancel",
        key: newKey(),
        amountCents: onItsWay.totalCents,
        reason: "Too late",
      }),
    ).toEqual({
      ok: false,
      reason: "not-allowed",
      message: "Only an order that has not been shipped or handed over can be cancelled",
    });
  });

  it("ships and keeps shipped a partly refunded order; takes no step once it is refunded in full", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "ship-after-refund@example.com");
    await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: 100,
      reason: "Dent",
    });
    const shipment = {
      carrier: "UPS" as const,
      trackingNumber: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
    };
    expect(
      await takeFulfilmentStep(db(), testPublicUrl, clerk, order.id, "shipped", shipment),
    ).toEqual({ ok: true, fulfilmentStatus: "shipped" });
    await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: 50,
      reason: "Late",
    });
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "partially_refunded",
      fulfilmentStatus: "shipped",
    });
    await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: order.totalCents - 150,
      reason: "Lost",
    });
    expect(
      await takeFulfilmentStep(db(), testPublicUrl, clerk, order.id, "delivered"),
    ).toMatchObject({
      ok: false,
      message: "An order that is shipped and refunded cannot be given 'Mark as delivered'",
    });
  });

  it("records a refund the provider reports, once, and counts the shop's own", async () => {
    const provider = recordingProvider();
    const order = await paidOrder(shop(), "reported@example.com");
    await refund(provider, order.id, {
      kind: "refund",
      key: newKey(),
      amountCents: 400,
      reason: "Dent",
    });
    const payment = {
      paymentReferences: ["pi_other", order.checkoutSessionId],
      refundedCents: 400,
    };
    expect(await reconcileRefunds(db(), "evt_1", payment)).toBe("already-done");
    const more = { ...payment, refundedCents: 1000 };
    expect(await reconcileRefunds(db(), "evt_2", more)).toBe("updated");
    expect(await reconcileRefunds(db(), "evt_2", more)).toBe("already-done");
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "partially_refunded",
      fulfilmentStatus: "unfulfilled",
      refundedCents: 1000,
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, order.id));
    expect(audit.at(-1)).toMatchObject({
      actorEmail: "Payment provider",
      after: { amountCents: 600 },
    });
    expect(
      await reconcileRefunds(db(), "evt_3", {
        paymentReferences: ["cs_unknown"],
        refundedCents: 5,
      }),
    ).toBe("unknown");
  });
});
