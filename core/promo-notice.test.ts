import { describe, expect, it } from "vitest";
import type { Promotion } from "./pricing";
import { promoNotice } from "./promo-notice";

const welcome: Promotion = {
  code: "WELCOME10",
  couponId: "WELCOME10",
  percentOff: 10,
  amountOffCents: null,
};
const quiet = { lookupFailed: false, linkedCode: null, promotion: null, promotionApplies: false };

describe("promoNotice", () => {
  it("says nothing to a visit without a code", () => {
    expect(promoNotice(quiet)).toBeNull();
  });

  it("says a linked code was applied on arrival, with an empty cart too", () => {
    expect(
      promoNotice({ ...quiet, linkedCode: { status: "applied" }, promotion: welcome }),
    ).toEqual({ kind: "applied", promotion: welcome });
  });

  it("shows the visit's code on later pages only while it lowers the cart's price", () => {
    expect(promoNotice({ ...quiet, promotion: welcome })).toBeNull();
    expect(promoNotice({ ...quiet, promotion: welcome, promotionApplies: true })).toEqual({
      kind: "applied",
      promotion: welcome,
    });
  });

  it("says an expired or unknown linked code did not apply", () => {
    expect(promoNotice({ ...quiet, linkedCode: { status: "expired", code: "OLDCODE" } })).toEqual({
      kind: "expired",
      code: "OLDCODE",
    });
    expect(promoNotice({ ...quiet, linkedCode: { status: "invalid" } })).toEqual({
      kind: "invalid",
    });
  });

  it("puts a failed lookup before everything", () => {
    expect(
      promoNotice({
        lookupFailed: true,
        linkedCode: { status: "applied" },
        promotion: welcome,
        promotionApplies: true,
      }),
    ).toEqual({ kind: "lookupFailed" });
  });
});
