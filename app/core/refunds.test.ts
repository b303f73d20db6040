import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import {
  canCancel,
  canRefund,
  parseDollars,
  parseRefundRequest,
  refundMessages,
  statusAfterRefund,
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
