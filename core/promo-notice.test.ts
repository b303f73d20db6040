import { describe, expect, it } from "vitest";
import { welcome10 as welcome } from "../test/support/promotions";
import { specCatalog } from "./catalog";
import { promoNotice, typedCodeOutcome } from "./promo-notice";

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
    expect(
      promoNotice({
        ...quiet,
        linkedCode: { status: "refused", reason: "expired", code: "OLDCODE" },
      }),
    ).toEqual({ kind: "refused", reason: "expired", code: "OLDCODE" });
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

describe("typedCodeOutcome", () => {
  const luxe = [{ itemId: "luxe", quantity: 1 }] as const;
  const active = { status: "active", promotion: welcome } as const;

  it("applies an active code that lowers the cart's price", () => {
    expect(
      typedCodeOutcome(active, { lines: luxe, restaurantMode: false, catalog: specCatalog }),
    ).toEqual({
      outcome: "applied",
      promotion: welcome,
    });
  });

  it("refuses an unknown or expired code", () => {
    expect(
      typedCodeOutcome(
        { status: "unknown" },
        { lines: luxe, restaurantMode: false, catalog: specCatalog },
      ),
    ).toEqual({ outcome: "invalid" });
    for (const reason of ["expired", "limitReached", "alreadyUsed"] as const) {
      expect(
        typedCodeOutcome(
          { status: "refused", reason, code: "OLDCODE" },
          { lines: luxe, restaurantMode: false, catalog: specCatalog },
        ),
      ).toEqual({ outcome: reason });
    }
  });

  it("refuses a cart below the code's minimum", () => {
    expect(
      typedCodeOutcome(
        { status: "active", promotion: { ...welcome, minSubtotalCents: 10_000 } },
        { lines: luxe, restaurantMode: false, catalog: specCatalog },
      ),
    ).toEqual({ outcome: "belowMinimum" });
  });

  it("refuses an active code that discounts nothing in the cart, or in restaurant mode", () => {
    for (const lines of [
      [],
      [{ itemId: "holidayTastingCollection", quantity: 1 }],
      [{ itemId: "everydayLuxury", quantity: 1 }],
    ] as const) {
      expect(
        typedCodeOutcome(active, { lines, restaurantMode: false, catalog: specCatalog }),
      ).toEqual({
        outcome: "notApplicable",
      });
    }
    expect(
      typedCodeOutcome(active, { lines: luxe, restaurantMode: true, catalog: specCatalog }),
    ).toEqual({
      outcome: "notApplicable",
    });
  });
});
