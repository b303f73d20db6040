import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import type { FulfilmentStatus, OrderStatuses, PaymentStatus } from "./order-status";
import {
  canCancel,
  canRefund,
  isRefundKey,
  parseDollars,
  parseRefundRequest,
  paymentStatusOf,
  refundMessages,
  refundRefusal,
  statusesAfterRefund,
} from "./refunds";

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
  const parse = (amount: string, reason = "Broken bottle") =>
    parseRefundRequest({ amount, reason });

  it("reads an amount and its reason", () => {
    expect(parse("20.50", "  Broken bottle ")).toEqual({
      ok: true,
      refund: { amountCents: 2050, reason: "Broken bottle" },
    });
  });

  it("asks for an amount and a reason", () => {
    expect(parse("0")).toEqual({ ok: false, fieldErrors: { amount: refundMessages.amount } });
    expect(parse("abc")).toEqual({ ok: false, fieldErrors: { amount: refundMessages.amount } });
    expect(parse("5", "  ")).toEqual({ ok: false, fieldErrors: { reason: refundMessages.reason } });
    expect(parse("5", "x".repeat(501))).toEqual({
      ok: false,
      fieldErrors: { reason: refundMessages.reason },
    });
    expect(parseRefundRequest({ amount: null, reason: null })).toEqual({
      ok: false,
      fieldErrors: { amount: refundMessages.amount },
    });
  });
});

describe("isRefundKey", () => {
  it("takes a random id of 16 to 64 URL-safe characters, and nothing else", () => {
    expect(isRefundKey("refund-key-0123456789")).toBe(true);
    for (const value of ["short", "x".repeat(65), "has spaces in it here", null, 12]) {
      expect(isRefundKey(value)).toBe(false);
    }
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

describe("refundRefusal", () => {
  const order = at("unfulfilled");
  const refund = (amountCents: number) => ({ kind: "refund" as const, amountCents });
  const cancel = (amountCents: number) => ({ kind: "cancel" as const, amountCents });

  it("allows a refund within what is left, and a cancellation of exactly what is left", () => {
    expect(refundRefusal(order, refund(5000), 5000, formatMoney)).toBeNull();
    expect(refundRefusal(order, refund(1), 5000, formatMoney)).toBeNull();
    expect(refundRefusal(order, cancel(4000), 4000, formatMoney)).toBeNull();
  });

  it("never refunds more than what is left, nor after everything was refunded", () => {
    expect(refundRefusal(order, refund(5001), 5000, formatMoney)).toBe(
      "No more than $50 is left to refund",
    );
    expect(refundRefusal(order, refund(1), 0, formatMoney)).toBe(refundMessages.nothingLeft);
    expect(refundRefusal(at("unfulfilled", "refunded"), refund(1), 10, formatMoney)).toBe(
      refundMessages.nothingLeft,
    );
  });

  it("cancels only an order not yet shipped, for the amount its confirmation showed", () => {
    expect(refundRefusal(at("shipped"), cancel(5000), 5000, formatMoney)).toBe(
      refundMessages.notCancellable,
    );
    expect(refundRefusal(order, cancel(5000), 4000, formatMoney)).toBe(
      refundMessages.leftChanged("$40"),
    );
  });
});
