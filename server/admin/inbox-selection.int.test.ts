import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maxOrdersAtOnce, orderNumbersMessages } from "~core/admin/order-numbers";
import type { FulfilmentStatus } from "~core/order-status";
import { testPublicUrl } from "../../test/support/auth";
import { bottlesCart, payThroughSandbox, shopForTests } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { auditLog, orders } from "../db/schema.server";
import { findOrderByCheckoutSession } from "../orders/queries.server";
import { packingSlipsFor } from "./packing-slips.server";
import { markSelectedAsProcessing } from "./processing-batch.server";

const clerk = { id: "staff-1", email: "clerk@example.com" };

describe.each(testEngines)("working the orders chosen in the inbox on %s", (engine) => {
  const { shop, db } = shopForTests(engine);

  /** An order paid through the sandbox, then given `changes` as if worked already. */
  async function order(email: string, changes: Partial<typeof orders.$inferInsert> = {}) {
    const sessionId = await payThroughSandbox(shop(), bottlesCart, { email });
    const paid = await findOrderByCheckoutSession(db(), sessionId);
    if (!paid) throw new Error("no order");
    if (Object.keys(changes).length > 0) {
      await db().update(orders).set(changes).where(eq(orders.id, paid.id));
    }
    return paid.id;
  }

  const markAsProcessing = (selection: unknown[]) =>
    markSelectedAsProcessing(db(), testPublicUrl, clerk, selection);

  async function fulfilmentOf(orderIds: string[]): Promise<Record<string, FulfilmentStatus>> {
    const rows = await db()
      .select({ id: orders.id, fulfilmentStatus: orders.fulfilmentStatus })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    return Object.fromEntries(rows.map((row) => [row.id, row.fulfilmentStatus]));
  }

  const auditOf = (orderIds: string[]) =>
    db()
      .select({
        subjectId: auditLog.subjectId,
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
      })
      .from(auditLog)
      .where(inArray(auditLog.subjectId, orderIds));

  it("marks each unfulfilled order as processing with its audit row, and reports the others unchanged", async () => {
    const [first, second, shipped, pickup, refunded] = [
      await order("first@example.com"),
      await order("second@example.com"),
      await order("shipped@example.com", { fulfilmentStatus: "shipped" }),
      await order("pickup@example.com", {
        hasLocalPickup: true,
        fulfilmentStatus: "ready_for_pickup",
      }),
      await order("refunded@example.com", { paymentStatus: "refunded" }),
    ];
    const batch = await markAsProcessing([
      first.toLowerCase(),
      shipped,
      second,
      "NOSUCHORDER",
      pickup,
      refunded,
      first,
    ]);

    const paid = "paid" as const;
    expect(batch).toEqual({
      ok: true,
      marked: [first, second],
      refused: [
        { orderId: shipped, statuses: { fulfilmentStatus: "shipped", paymentStatus: paid } },
        { orderId: "NOSUCHORDER", statuses: null },
        {
          orderId: pickup,
          statuses: { fulfilmentStatus: "ready_for_pickup", paymentStatus: paid },
        },
        {
          orderId: refunded,
          statuses: { fulfilmentStatus: "unfulfilled", paymentStatus: "refunded" },
        },
      ],
    });
    expect(await fulfilmentOf([first, second, shipped, pickup, refunded])).toEqual({
      [first]: "processing",
      [second]: "processing",
      [shipped]: "shipped",
      [pickup]: "ready_for_pickup",
      [refunded]: "unfulfilled",
    });
    const audit = await auditOf([first, second, shipped, pickup, refunded]);
    expect(audit).toHaveLength(2);
    expect(audit).toEqual(
      expect.arrayContaining([
        { subjectId: first, action: "order.processing", actorEmail: clerk.email },
        { subjectId: second, action: "order.processing", actorEmail: clerk.email },
      ]),
    );
  });

  it("refuses a selection that is empty, too large or not order numbers, and changes nothing", async () => {
    const waiting = await order("waiting@example.com");
    const others = Array.from({ length: maxOrdersAtOnce }, (_, index) => `OTHER${index}`);

    expect(await markAsProcessing([])).toEqual({ ok: false, error: orderNumbersMessages.none });
    expect(await markAsProcessing(["", " "])).toEqual({
      ok: false,
      error: orderNumbersMessages.none,
    });
    expect(await markAsProcessing([waiting, ...others])).toEqual({
      ok: false,
      error: orderNumbersMessages.tooMany,
    });
    expect(await markAsProcessing([waiting, "1' or '1'='1"])).toEqual({
      ok: false,
      error: "These are not order numbers: 1' or '1'='1",
    });

    expect(await fulfilmentOf([waiting])).toEqual({ [waiting]: "unfulfilled" });
    expect(await auditOf([waiting])).toEqual([]);
  });

  it("builds the packing slips of the orders found, in the order asked, and lists the others", async () => {
    const shipped = await order("slip@example.com");
    const pickup = await order("slip-pickup@example.com", { hasLocalPickup: true });

    const { slips, notFound } = await packingSlipsFor(db(), [pickup, "NOSUCHORDER", shipped]);

    expect(notFound).toEqual(["NOSUCHORDER"]);
    expect(slips.map((slip) => slip.orderId)).toEqual([pickup, shipped]);
    expect(slips[0]?.delivery).toEqual({
      heading: "Hold for pickup",
      lines: ["Ada Lovelace", "Local pickup in Mountain View"],
    });
    expect(slips[1]).toMatchObject({
      delivery: {
        heading: "Ship to",
        lines: ["Ada Lovelace", "12 Grove Street", "Mountain View, CA 94041"],
      },
      lines: [{ name: expect.stringMatching(/^Luxe/), quantity: 2 }],
    });
    expect(await packingSlipsFor(db(), [])).toEqual({ slips: [], notFound: [] });
  });
});
