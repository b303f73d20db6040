import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import type { FulfilmentStatus, OrderStatuses, PaymentStatus } from "./order-status";
import {
  canCancel,
  canRefund,
  parseDollars,
  parseRefundRequest,
  paymentStatusOf,
  refundMessages,
  statusesAfterRefund,
} from "./refunds";

const key = "refund-key-0123456789";

describe("parseDollars", () => {
  it("reads dollars as staff type them", () => {
    expect(parseDollars("12")).toBe(1200);
    expect(parseDollars("12.5")).toBe(1250);
    expect(parseDollars(" $1,200.05 ")).toBe(120005);
    expect(parseDollars("0.07")).toBe(7);
  });

  it("refuses anything else", () => {
    for (const text of ["", "12.345", "-5", "1e3", "twelve", "12.", ".5", "$", "99999999"]) {
      expect(parseDollars(text)).toBeNull();
    }
  });
});

describe("parseRefundRequest", () => {
  const parse = (amount: string, reason = "Broken bottle", left = 5000) =>
    parseRefundRequest({ key, amount, reason }, left, formatMoney);

  it("accepts an amount within what is left, with its reason", () => {
    expect(parse("20.50")).toEqual({
      ok: true,
      refund: { key, amountCents: 2050, reason: "Broken bottle" },
    });
    expect(parse("50")).toMatchObject({ ok: true, refund: { amountCents: 5000 } });
  });

  it("never refunds more than what is left", () => {
    expect(parse("50.01")).toEqual({
      ok: false,
      fieldErrors: { amount: "No more than $50 is left to refund" },
    });
    expect(parse("1", "Goodwill", 0)).toEqual({
      ok: false,
      fieldErrors: { amount: refundMessages.nothingLeft },
    });
  });

  it("asks for an amount, a reason and the form's key", () => {
    expect(parse("0")).toEqual({ ok: false, fieldErrors: { amount: refundMessages.amount } });
    expect(parse("abc")).toEqual({ ok: false, fieldErrors: { amount: refundMessages.amount } });
    expect(parse("5", "  ")).toEqual({ ok: false, fieldErrors: { reason: refundMessages.reason } });
    expect(parse("5", "x".repeat(501))).toEqual({
      ok: false,
      fieldErrors: { reason: refundMessages.reason },
    });
    expect(
      parseRefundRequest({ key: "short", amount: "5", reason: "Goodwill" }, 5000, formatMoney),
    ).toEqual({ ok: false, fieldErrors: { key: refundMessages.key } });
  });
});

const at = (
  fulfilmentStatus: FulfilmentStatus,
  paymentStatus: PaymentStatus = "paid",
): OrderStatuses => ({ fulfilmentStatus, paymentStatus });

describe("refund and cancel rules", () => {
  it("names the payment status by what was given back of the total", () => {
    expect(paymentStatusOf({ totalCents: 5000, refundedCents: 0 })).toBe("paid");
    expect(paymentStatusOf({ totalCents: 5000, refundedCents: 2000 })).toBe("partially_refunded");
    expect(paymentStatusOf({ totalCents: 5000, refundedCents: 5000 })).toBe("refunded");
    expect(paymentStatusOf({ totalCents: 0, refundedCents: 0 })).toBe("paid");
  });

  it("leaves the goods where they stand after a refund of part", () => {
    const shipped = { ...at("shipped"), totalCents: 5000 };
    expect(statusesAfterRefund(shipped, 1000, false)).toEqual(at("shipped", "partially_refunded"));
    const unsent = { ...at("processing"), totalCents: 5000 };
    expect(statusesAfterRefund(unsent, 1000, false)).toEqual(
      at("processing", "partially_refunded"),
    );
  });

  it("cancels an order refunded in full before it left the shop, not one already sent", () => {
    for (const status of ["unfulfilled", "processing", "ready_for_pickup"] as const) {
      expect(statusesAfterRefund({ ...at(status), totalCents: 5000 }, 5000, false)).toEqual(
        at("cancelled", "refunded"),
      );
    }
    for (const status of ["shipped", "delivered", "picked_up", "returned"] as const) {
      expect(statusesAfterRefund({ ...at(status), totalCents: 5000 }, 5000, false)).toEqual(
        at(status, "refunded"),
      );
    }
  });

  it("makes a cancelled order 'Cancelled' whatever was refunded", () => {
    const order = { ...at("unfulfilled", "partially_refunded"), totalCents: 5000 };
    expect(statusesAfterRefund(order, 5000, true)).toEqual(at("cancelled", "refunded"));
    expect(statusesAfterRefund(order, 4000, true)).toEqual(at("cancelled", "partially_refunded"));
  });

  it("refunds only while money is left and the order is not cancelled", () => {
    expect(canRefund(at("delivered"), 5000)).toBe(true);
    expect(canRefund(at("shipped", "partially_refunded"), 1)).toBe(true);
    expect(canRefund(at("delivered", "refunded"), 0)).toBe(false);
    expect(canRefund(at("cancelled", "partially_refunded"), 5000)).toBe(false);
    expect(canRefund(at("unfulfilled"), 0)).toBe(false);
  });

  it("cancels only what has not left the shop and still has money to give back", () => {
    expect(canCancel(at("unfulfilled"))).toBe(true);
    expect(canCancel(at("processing", "partially_refunded"))).toBe(true);
    expect(canCancel(at("ready_for_pickup"))).toBe(true);
    expect(canCancel(at("shipped"))).toBe(false);
    expect(canCancel(at("shipped", "partially_refunded"))).toBe(false);
    expect(canCancel(at("picked_up"))).toBe(false);
    expect(canCancel(at("cancelled", "refunded"))).toBe(false);
    expect(canCancel(at("unfulfilled", "refunded"))).toBe(false);
  });
});
