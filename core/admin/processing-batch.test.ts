import { describe, expect, it } from "vitest";
import type { FulfilmentStatus, OrderStatuses, PaymentStatus } from "../order-status";
import { processingBatchMessage } from "./processing-batch";

const at = (
  fulfilmentStatus: FulfilmentStatus,
  paymentStatus: PaymentStatus = "paid",
): OrderStatuses => ({
  fulfilmentStatus,
  paymentStatus,
});

describe("what the inbox says after 'Mark as processing' on several orders", () => {
  it("counts the orders marked", () => {
    expect(processingBatchMessage({ marked: ["A1"], refused: [] })).toBe(
      "1 order marked as processing",
    );
    expect(processingBatchMessage({ marked: ["A1", "A2", "A3"], refused: [] })).toBe(
      "3 orders marked as processing",
    );
  });

  it("names the one order that could not be marked, and its statuses", () => {
    const batch = {
      marked: ["A1", "A2", "A3"],
      refused: [{ orderId: "X9", statuses: at("shipped") }],
    };
    expect(processingBatchMessage(batch)).toBe(
      "3 orders marked as processing; 1 could not be: order X9 is shipped",
    );
    const refunded = {
      marked: [],
      refused: [{ orderId: "X8", statuses: at("shipped", "refunded") }],
    };
    expect(processingBatchMessage(refunded)).toBe(
      "No order marked as processing; 1 could not be: order X8 is shipped and refunded",
    );
  });

  it("groups the refusals by statuses, in the statuses' order, the orders not found last", () => {
    const batch = {
      marked: [],
      refused: [
        { orderId: "N1", statuses: null },
        { orderId: "R1", statuses: at("ready_for_pickup") },
        { orderId: "P1", statuses: at("processing") },
        { orderId: "R2", statuses: at("ready_for_pickup") },
        { orderId: "N2", statuses: null },
        { orderId: "S1", statuses: at("shipped", "partially_refunded") },
        { orderId: "R3", statuses: at("ready_for_pickup") },
      ],
    };
    expect(processingBatchMessage(batch)).toBe(
      "No order marked as processing; 7 could not be: order P1 is processing; " +
        "order S1 is shipped and partially refunded; " +
        "orders R1, R2 and R3 are ready for pickup; orders N1 and N2 were not found",
    );
  });

  it("names five orders of a group and counts the others", () => {
    const refused = ["S1", "S2", "S3", "S4", "S5", "S6", "S7"].map((orderId) => ({
      orderId,
      statuses: at("delivered"),
    }));
    expect(processingBatchMessage({ marked: ["A1"], refused })).toBe(
      "1 order marked as processing; 7 could not be: " +
        "orders S1, S2, S3, S4, S5 and 2 more are delivered",
    );
    expect(
      processingBatchMessage({ marked: [], refused: [{ orderId: "G1", statuses: null }] }),
    ).toBe("No order marked as processing; 1 could not be: order G1 was not found");
  });
});
