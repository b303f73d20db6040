import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderPageIntents } from "~core/form-intent";
import { refundMessages, usedConfirmationMessages } from "~core/refunds";
import { paidOrder, shopForTests } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { mailOutbox, orderRefunds, orders } from "../db/schema.server";
import { answerOrderForm, type OrderPageAnswer } from "./order-page.server";

const clerk = { id: "staff-1", email: "clerk@example.com" };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** The confirmation an answer asks for; fails the test when it asks for none. */
function confirmationOf(answer: OrderPageAnswer) {
  if (!answer.ok || !("next" in answer) || !answer.next.confirmation) {
    throw new Error(`no confirmation asked: ${JSON.stringify(answer)}`);
  }
  return answer.next.confirmation;
}

describe.each(testEngines)("the order page's refunds and cancellations on %s", (engine) => {
  const { shop, db } = shopForTests(engine);
  const answer = (orderId: string, fields: Record<string, string>) =>
    answerOrderForm(shop().services(), clerk, orderId, form(fields));

  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const refundMails = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
      (mail) => mail.template === "order-refunded",
    );

  /** Asks to refund `amount` and gives back the confirmation's fields, as its form sends them. */
  async function confirmationForm(orderId: string, amount: string, reason = "Broken bottle") {
    const asked = await answer(orderId, { intent: orderPageIntents.refund, amount, reason });
    const { key, amountCents } = confirmationOf(asked);
    return {
      intent: orderPageIntents.confirmRefund,
      key,
      amount: (amountCents / 100).toFixed(2),
      reason,
    };
  }

  it("asks before it refunds, naming the amount and the customer, and moves nothing until confirmed", async () => {
    const order = await paidOrder(shop(), "ask@example.com");
    const fields = { intent: orderPageIntents.refund, amount: "10", reason: "Broken bottle" };
    const asked = await answer(order.id, fields);
    expect(asked).toEqual({
      ok: true,
      next: {
        intent: orderPageIntents.refund,
        values: { amount: "10", reason: "Broken bottle" },
        confirmation: {
          key: expect.stringMatching(/^[\w-]{22}$/),
          amountCents: 1000,
          reason: "Broken bottle",
          customerName: "Ada Lovelace",
        },
      },
    });
    expect(confirmationOf(await answer(order.id, fields)).key).not.toBe(confirmationOf(asked).key);
    expect(await orderRow(order.id)).toMatchObject({
      refundedCents: 0,
      paymentStatus: "paid",
      fulfilmentStatus: "unfulfilled",
    });
    expect(
      await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ).toEqual([]);
  });

  it("refunds once per confirmation: sent again later, it refunds nothing and says so", async () => {
    const order = await paidOrder(shop(), "stale@example.com");
    const confirmed = await confirmationForm(order.id, "10");
    expect(await answer(order.id, confirmed)).toEqual({
      ok: true,
      alert: `Order ${order.id}: refunded $10`,
    });
    expect(await answer(order.id, confirmed)).toEqual({
      ok: false,
      status: 409,
      result: {
        intent: orderPageIntents.refund,
        error: { message: usedConfirmationMessages.succeeded },
      },
    });
    expect(await orderRow(order.id)).toMatchObject({
      refundedCents: 1000,
      paymentStatus: "partially_refunded",
    });
    expect(await refundMails("stale@example.com")).toHaveLength(1);
  });

  it("refunds once when the same confirmation arrives twice at the same moment", async () => {
    const order = await paidOrder(shop(), "double@example.com");
    const confirmed = await confirmationForm(order.id, "10");
    const both = await Promise.all([answer(order.id, confirmed), answer(order.id, confirmed)]);
    expect(both).toContainEqual({ ok: true, alert: `Order ${order.id}: refunded $10` });
    expect(both.filter((each) => !each.ok)).toMatchObject([
      { status: 409, result: { error: { message: expect.stringMatching(/nothing more/) } } },
    ]);
    expect((await orderRow(order.id))?.refundedCents).toBe(1000);
    expect(await refundMails("double@example.com")).toHaveLength(1);
  });

  it("checks the amount at both steps against what is left", async () => {
    const order = await paidOrder(shop(), "limits@example.com");
    const tooMuch = (order.totalCents / 100 + 1).toFixed(2);
    expect(
      await answer(order.id, { intent: orderPageIntents.refund, amount: tooMuch, reason: "All" }),
    ).toMatchObject({
      ok: false,
      status: 400,
      result: {
        fieldErrors: { amount: expect.stringMatching(/^No more than \$/) },
        values: { amount: tooMuch, reason: "All" },
      },
    });
    const first = await confirmationForm(order.id, "10");
    const rest = await confirmationForm(order.id, ((order.totalCents - 500) / 100).toFixed(2));
    expect(await answer(order.id, rest)).toMatchObject({ ok: true });
    expect(await answer(order.id, first)).toEqual({
      ok: false,
      status: 409,
      result: {
        intent: orderPageIntents.refund,
        error: { message: "No more than $5 is left to refund" },
        values: { amount: "10.00", reason: "Broken bottle" },
      },
    });
    expect((await orderRow(order.id))?.refundedCents).toBe(order.totalCents - 500);
  });

  it("goes back from a confirmation to the form as it was typed", async () => {
    const order = await paidOrder(shop(), "back@example.com");
    const typed = { amount: "$7.5", reason: "Dented tin" };
    expect(await answer(order.id, { intent: orderPageIntents.reviseRefund, ...typed })).toEqual({
      ok: true,
      next: { intent: orderPageIntents.refund, values: typed },
    });
    expect((await orderRow(order.id))?.refundedCents).toBe(0);
  });

  it("cancels once after asking, for what is left, and not at all once that has changed", async () => {
    const order = await paidOrder(shop(), "cancel@example.com");
    const cancel = { intent: orderPageIntents.cancel, reason: "Out of stock" };
    const stale = confirmationOf(await answer(order.id, cancel));
    expect(stale).toMatchObject({ amountCents: order.totalCents, customerName: "Ada Lovelace" });
    const confirmFields = (confirmation: typeof stale) => ({
      intent: orderPageIntents.confirmCancel,
      key: confirmation.key,
      amount: (confirmation.amountCents / 100).toFixed(2),
      reason: "Out of stock",
    });
    expect(await answer(order.id, await confirmationForm(order.id, "3"))).toMatchObject({
      ok: true,
    });
    expect(await answer(order.id, confirmFields(stale))).toMatchObject({
      ok: false,
      status: 409,
      result: { error: { message: expect.stringMatching(/^What is left to refund changed/) } },
    });
    const current = confirmationOf(await answer(order.id, cancel));
    expect(await answer(order.id, confirmFields(current))).toEqual({
      ok: true,
      alert: expect.stringMatching(new RegExp(`^Order ${order.id}: cancelled and refunded \\$`)),
    });
    expect(await answer(order.id, confirmFields(current))).toMatchObject({
      ok: false,
      status: 409,
      result: { error: { message: usedConfirmationMessages.succeeded } },
    });
    expect(await orderRow(order.id)).toMatchObject({
      fulfilmentStatus: "cancelled",
      paymentStatus: "refunded",
      refundedCents: order.totalCents,
    });
    expect(await refundMails("cancel@example.com")).toHaveLength(2);
  });

  it("refuses a confirmation without a key of its own", async () => {
    const order = await paidOrder(shop(), "nokey@example.com");
    const fields = { intent: orderPageIntents.confirmRefund, amount: "5", reason: "Dent" };
    expect(await answer(order.id, { ...fields, key: "short" })).toMatchObject({
      ok: false,
      status: 400,
      result: { fieldErrors: { key: refundMessages.key } },
    });
    expect((await orderRow(order.id))?.refundedCents).toBe(0);
  });
});
