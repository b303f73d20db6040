import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import {
  canCancel,
  canRefund,
  isRefundKey,
  parseDollars,
  parseRefundRequest,
  refundMessages,
  refundRefusal,
  statusAfterRefund,
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

describe("refund and cancel rules", () => {
  it("names the status by what was given back", () => {
    expect(statusAfterRefund(5000, 2000)).toBe("partially_refunded");
    expect(statusAfterRefund(5000, 5000)).toBe("refunded");
  });

  it("refunds only while money is left and the order is not cancelled", () => {
    expect(canRefund({ status: "delivered", totalCents: 5000 }, 5000)).toBe(true);
    expect(canRefund({ status: "partially_refunded", totalCents: 5000 }, 1)).toBe(true);
    expect(canRefund({ status: "refunded", totalCents: 5000 }, 0)).toBe(false);
    expect(canRefund({ status: "cancelled", totalCents: 5000 }, 5000)).toBe(false);
    expect(canRefund({ status: "new", totalCents: 0 }, 0)).toBe(false);
  });

  it("cancels only what has not left the shop", () => {
    const order = { carrier: null, deliveredAt: null };
    expect(canCancel({ ...order, status: "new" })).toBe(true);
    expect(canCancel({ ...order, status: "ready_for_pickup" })).toBe(true);
    expect(canCancel({ ...order, status: "shipped", carrier: "UPS" })).toBe(false);
    expect(canCancel({ ...order, status: "partially_refunded" })).toBe(true);
    expect(canCancel({ ...order, status: "partially_refunded", carrier: "UPS" })).toBe(false);
    expect(canCancel({ ...order, status: "refunded" })).toBe(false);
  });
});

describe("refundRefusal", () => {
  const order = { status: "new" as const, totalCents: 5000, carrier: null, deliveredAt: null };
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
    expect(refundRefusal({ ...order, status: "refunded" }, refund(1), 10, formatMoney)).toBe(
      refundMessages.nothingLeft,
    );
  });

  it("cancels only an order not yet shipped, for the amount its confirmation showed", () => {
    expect(refundRefusal({ ...order, status: "shipped" }, cancel(5000), 5000, formatMoney)).toBe(
      refundMessages.notCancellable,
    );
    expect(refundRefusal(order, cancel(5000), 4000, formatMoney)).toBe(
      refundMessages.leftChanged("$40"),
    );
  });
});
