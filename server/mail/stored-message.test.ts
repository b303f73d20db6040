import { describe, expect, it } from "vitest";
import type { mailOutbox } from "../db/schema.server";
import { storedMessage } from "./stored-message.server";

function orderRow(items: unknown[]): typeof mailOutbox.$inferSelect {
  const now = new Date("2026-11-24T12:00:00Z");
  return {
    id: 1,
    template: "order-confirmation",
    to: "ada@example.com",
    payload: {
      customerName: "Ada Lovelace",
      orderId: "ABC123",
      trackUrl: "https://shop.test/account?tab=orders",
      items,
      hasLocalPickup: false,
      shippingCents: 0,
      discountCents: 0,
      taxCents: 0,
      totalCents: 6600,
    },
    status: "pending",
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    createdAt: now,
    sentAt: null,
  };
}

describe("a stored order e-mail", () => {
  it("reads its lines at list price", () => {
    const message = storedMessage(
      orderRow([{ name: "Luxe 375 ml", quantity: 2, listTotalCents: 6600 }]),
    );
    expect(message?.payload).toMatchObject({ items: [{ listTotalCents: 6600 }] });
  });

  it("still renders when it was queued with the line total's former name", () => {
    const message = storedMessage(
      orderRow([{ name: "Luxe 375 ml", quantity: 2, totalCents: 6600 }]),
    );
    expect(message?.payload).toMatchObject({ items: [{ listTotalCents: 6600 }] });
  });

  it("is refused when a line has no total", () => {
    expect(storedMessage(orderRow([{ name: "Luxe 375 ml", quantity: 2 }]))).toBeNull();
  });
});
