import { describe, expect, it } from "vitest";
import { processingBatchMessage } from "./processing-batch";

describe("what the inbox says after 'Mark as processing' on several orders", () => {
  it("counts the orders marked", () => {
    expect(processingBatchMessage({ marked: ["A1"], refused: [] })).toBe(
      "1 order marked as processing",
    );
    expect(processingBatchMessage({ marked: ["A1", "A2", "A3"], refused: [] })).toBe(
      "3 orders marked as processing",
    );
  });

  it("names the one order that could not be marked, and its status", () => {
    const batch = {
      marked: ["A1", "A2", "A3"],
      refused: [{ orderId: "X9", status: "shipped" as const }],
    };
    expect(processingBatchMessage(batch)).toBe(
      "3 orders marked as processing; 1 could not be: order X9 is shipped",
    );
  });

  it("groups the refusals by status, in the statuses' order, the orders not found last", () => {
    const batch = {
      marked: [],
      refused: [
        { orderId: "N1", status: null },
        { orderId: "R1", status: "ready_for_pickup" as const },
        { orderId: "P1", status: "processing" as const },
        { orderId: "R2", status: "ready_for_pickup" as const },
        { orderId: "N2", status: null },
        { orderId: "R3", status: "ready_for_pickup" as const },
      ],
    };
    expect(processingBatchMessage(batch)).toBe(
      "No order marked as processing; 6 could not be: order P1 is processing; " +
        "orders R1, R2 and R3 are ready for pickup; orders N1 and N2 were not found",
    );
  });

  it("names five orders of a group and counts the others", () => {
    const refused = ["S1", "S2", "S3", "S4", "S5", "S6", "S7"].map((orderId) => ({
      orderId,
      status: "delivered" as const,
    }));
    expect(processingBatchMessage({ marked: ["A1"], refused })).toBe(
      "1 order marked as processing; 7 could not be: " +
        "orders S1, S2, S3, S4, S5 and 2 more are delivered",
    );
    expect(processingBatchMessage({ marked: [], refused: [{ orderId: "G1", status: null }] })).toBe(
      "No order marked as processing; 1 could not be: order G1 was not found",
    );
  });
});
