import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseShipment, type Shipment } from "~core/fulfilment";
import { testPublicUrl } from "../../test/support/auth";
import { paidOrder, shopForTests } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { guestAccountOf } from "../customers/guest-account.server";
import { auditLog, mailOutbox, orders } from "../db/schema.server";
import { orderForStaff, takeFulfilmentStep } from "./order-work.server";

const clerk = { id: "staff-1", email: "clerk@example.com" };

function upsShipment(): Shipment {
  const parsed = parseShipment({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  if (!parsed.ok) throw new Error("the test's shipment is invalid");
  return parsed.shipment;
}

describe.each(testEngines)("working an order on %s", (engine) => {
  const { shop, db } = shopForTests(engine);

  const paidOrderId = async (email: string, pickup = false) =>
    (await paidOrder(shop(), email, { pickup })).id;

  const step = (
    orderId: string,
    name: Parameters<typeof takeFulfilmentStep>[4],
    shipment?: Shipment,
  ) => takeFulfilmentStep(db(), testPublicUrl, clerk, orderId, name, shipment);

  it("ships with UPS: status, tracking, the e-mail with its link, the audit row and the timeline", async () => {
    const orderId = await paidOrderId("ship@example.com");
    expect(await step(orderId, "processing")).toEqual({ ok: true, fulfilmentStatus: "processing" });
    expect(await step(orderId, "shipped", upsShipment())).toEqual({
      ok: true,
      fulfilmentStatus: "shipped",
    });

    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      fulfilmentStatus: "shipped",
      paymentStatus: "paid",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "ship@example.com"));
    expect(mails.map((mail) => mail.template)).toEqual(["order-confirmation", "order-shipped"]);
    expect(mails[1]?.payload).toMatchObject({ orderId, trackingUrl: order?.trackingUrl });
    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, orderId));
    const statusesOf = (state: Record<string, unknown> | null) => ({
      fulfilmentStatus: state?.fulfilmentStatus,
      paymentStatus: state?.paymentStatus,
    });
    expect(
      audit.map((row) => [
        row.action,
        row.actorEmail,
        statusesOf(row.before),
        statusesOf(row.after),
      ]),
    ).toEqual([
      [
        "order.processing",
        clerk.email,
        { fulfilmentStatus: "unfulfilled", paymentStatus: "paid" },
        { fulfilmentStatus: "processing", paymentStatus: "paid" },
      ],
      [
        "order.shipped",
        clerk.email,
        { fulfilmentStatus: "processing", paymentStatus: "paid" },
        { fulfilmentStatus: "shipped", paymentStatus: "paid" },
      ],
    ]);
    // The guest sees it on their own page, with the link to UPS.
    const guest = await guestAccountOf(db(), order?.guestId ?? "");
    expect(guest?.orders).toEqual([
      {
        id: orderId,
        fulfilmentStatus: "shipped",
        paymentStatus: "paid",
        trackingUrl: order?.trackingUrl,
      },
    ]);
    const timeline = (await orderForStaff(db(), orderId))?.timeline.map((entry) => entry.what);
    expect(timeline).toEqual([
      "Paid",
      "E-mail 'Order confirmation' queued",
      "Processing",
      "Shipped: UPS 1Z999AA10123456784",
      "E-mail 'Your order has shipped' queued",
    ]);
  });

  it("refuses a step the statuses do not allow, and changes nothing", async () => {
    const orderId = await paidOrderId("refused@example.com");
    await db().update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, orderId));
    const refused = await step(orderId, "shipped", upsShipment());
    expect(refused).toEqual({
      ok: false,
      reason: "not-allowed",
      message: "An order that is unfulfilled and refunded cannot be given 'Mark as shipped'",
    });
    expect(await step(orderId, "delivered")).toMatchObject({ ok: false, reason: "not-allowed" });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      fulfilmentStatus: "unfulfilled",
      paymentStatus: "refunded",
      trackingUrl: null,
    });
    expect(await db().select().from(auditLog).where(eq(auditLog.subjectId, orderId))).toEqual([]);
    expect(await step("NOSUCHORDER", "processing")).toEqual({ ok: false, reason: "not-found" });
  });

  it("takes a pickup order to ready, with its e-mail, then picked up; never shipped", async () => {
    const orderId = await paidOrderId("pickup@example.com", true);
    expect(await step(orderId, "shipped", upsShipment())).toMatchObject({ reason: "not-allowed" });
    expect(await step(orderId, "ready_for_pickup")).toEqual({
      ok: true,
      fulfilmentStatus: "ready_for_pickup",
    });
    expect(await step(orderId, "picked_up")).toEqual({ ok: true, fulfilmentStatus: "picked_up" });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "pickup@example.com"));
    expect(mails.map((mail) => mail.template)).toEqual([
      "order-confirmation",
      "order-ready-for-pickup",
    ]);
  });

  it("takes a step once when two members of staff press it at the same moment", async () => {
    const orderId = await paidOrderId("twice@example.com");
    const both = await Promise.all([step(orderId, "processing"), step(orderId, "processing")]);
    expect(both.filter((outcome) => outcome.ok)).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, orderId));
    expect(audit).toHaveLength(1);
  });
});
