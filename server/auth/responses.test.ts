import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./responses.server";

describe("safeRedirectPath", () => {
  it("keeps a path of the shop with its query", () => {
    expect(safeRedirectPath("/order-confirmation?sessionId=cs_1")).toBe(
      "/order-confirmation?sessionId=cs_1",
    );
  });

  it("sends anything else home", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "account",
      null,
    ]) {
      expect(safeRedirectPath(target)).toBe("/");
    }
  });
});
