import { describe, expect, it } from "vitest";
import {
  fulfilmentAfterDeclinedReturn,
  parseReturnLabel,
  parseReturnReason,
  returnMessages,
  returnRefusal,
} from "./returns";

const deliveredAt = new Date("2026-11-01T12:00:00Z");
const delivered = {
  fulfilmentStatus: "delivered" as const,
  paymentStatus: "paid" as const,
  deliveredAt,
};
const daysLater = (days: number) => new Date(deliveredAt.getTime() + days * 86_400_000);

describe("returnRefusal", () => {
  it("lets the customer ask within 30 days of delivery or pickup", () => {
    expect(returnRefusal(delivered, daysLater(1))).toBeNull();
    expect(returnRefusal(delivered, daysLater(30))).toBeNull();
    const pickedUp = { ...delivered, fulfilmentStatus: "picked_up" as const };
    expect(returnRefusal(pickedUp, daysLater(2))).toBeNull();
    const partlyRefunded = { ...delivered, paymentStatus: "partially_refunded" as const };
    expect(returnRefusal(partlyRefunded, daysLater(2))).toBeNull();
  });

  it("refuses after 30 days, before delivery, during a return and once refunded in full", () => {
    expect(returnRefusal(delivered, daysLater(30.01))).toBe(returnMessages.tooLate);
    const shipped = { ...delivered, fulfilmentStatus: "shipped" as const, deliveredAt: null };
    expect(returnRefusal(shipped, daysLater(1))).toBe(returnMessages.notDelivered);
    expect(
      returnRefusal({ ...delivered, fulfilmentStatus: "return_requested" }, daysLater(1)),
    ).toBe(returnMessages.notDelivered);
    expect(returnRefusal({ ...delivered, paymentStatus: "refunded" }, daysLater(1))).toBe(
      returnMessages.refunded,
    );
  });
});

describe("return forms", () => {
  it("takes a reason of reasonable length", () => {
    expect(parseReturnReason("  Leaking cap ")).toBe("Leaking cap");
    expect(parseReturnReason(" ")).toBeNull();
    expect(parseReturnReason("x".repeat(1001))).toBeNull();
    expect(parseReturnReason(undefined)).toBeNull();
  });

  it("takes a PDF label before a pasted https address", () => {
    const pdf = new TextEncoder().encode("%PDF-1.4 label");
    expect(parseReturnLabel({ pdf, url: "https://labels.example/1" })).toEqual({
      kind: "pdf",
      pdf,
    });
    expect(parseReturnLabel({ pdf: new Uint8Array(), url: " https://labels.example/1 " })).toEqual({
      kind: "url",
      url: "https://labels.example/1",
    });
  });

  it("refuses what is not a PDF, a PDF over 1 MB and an address that is not https", () => {
    expect(parseReturnLabel({ pdf: new TextEncoder().encode("<html>"), url: "" })).toBeNull();
    const huge = new Uint8Array(1024 * 1024 + 1);
    huge.set(new TextEncoder().encode("%PDF-"));
    expect(parseReturnLabel({ pdf: huge, url: "" })).toBeNull();
    expect(parseReturnLabel({ pdf: null, url: "http://labels.example/1" })).toBeNull();
    expect(parseReturnLabel({ pdf: null, url: "javascript:alert(1)" })).toBeNull();
  });

  it("puts a declined return's goods back where they stood", () => {
    expect(fulfilmentAfterDeclinedReturn({ hasLocalPickup: false })).toBe("delivered");
    expect(fulfilmentAfterDeclinedReturn({ hasLocalPickup: true })).toBe("picked_up");
  });
});
