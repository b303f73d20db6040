import { describe, expect, it } from "vitest";
import {
  discountWords,
  eligibleItemsOf,
  isLimited,
  type PromotionTerms,
  promotionKindOf,
  promotionState,
  termsRefusal,
} from "./promotion-rules";

const now = new Date("2026-11-26T12:00:00Z");
const open: PromotionTerms = {
  active: true,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  perCustomerLimit: null,
};
const noUses = { total: 0, byCustomer: 0 };

describe("termsRefusal", () => {
  it("lets an unlimited active code through", () => {
    expect(termsRefusal(open, { total: 10_000, byCustomer: 500 }, now)).toBeNull();
  });

  it("says a paused code or one past its end has expired", () => {
    expect(termsRefusal({ ...open, active: false }, noUses, now)).toBe("expired");
    expect(termsRefusal({ ...open, endsAt: now }, noUses, now)).toBe("expired");
    expect(termsRefusal({ ...open, endsAt: new Date(now.getTime() + 1) }, noUses, now)).toBeNull();
  });

  it("says a code not started yet is not valid", () => {
    expect(termsRefusal({ ...open, startsAt: new Date(now.getTime() + 1) }, noUses, now)).toBe(
      "invalid",
    );
    expect(termsRefusal({ ...open, startsAt: now }, noUses, now)).toBeNull();
  });

  it("counts the total before the shopper's own uses", () => {
    const limited = { ...open, totalLimit: 10, perCustomerLimit: 1 };
    expect(termsRefusal(limited, { total: 9, byCustomer: 0 }, now)).toBeNull();
    expect(termsRefusal(limited, { total: 10, byCustomer: 1 }, now)).toBe("limitReached");
    expect(termsRefusal(limited, { total: 9, byCustomer: 1 }, now)).toBe("alreadyUsed");
  });

  it("cannot tell a shopper whose e-mail is unknown they used the code", () => {
    expect(
      termsRefusal({ ...open, perCustomerLimit: 1 }, { total: 3, byCustomer: null }, now),
    ).toBe(null);
  });
});

describe("the shape of a promotion", () => {
  it("reads its kind from which amount is set", () => {
    expect(promotionKindOf({ percentOff: 10, amountOffCents: null })).toBe("percent");
    expect(promotionKindOf({ percentOff: null, amountOffCents: 500 })).toBe("amount");
    expect(promotionKindOf({ percentOff: null, amountOffCents: null })).toBe("freeShipping");
  });

  it("says what it takes off", () => {
    expect(discountWords({ percentOff: 10, amountOffCents: null })).toBe("10% off");
    expect(discountWords({ percentOff: null, amountOffCents: 750 })).toBe("$7.50 off");
    expect(discountWords({ percentOff: null, amountOffCents: null })).toBe("Free shipping");
  });

  it("is limited with either limit", () => {
    expect(isLimited(open)).toBe(false);
    expect(isLimited({ ...open, totalLimit: 1 })).toBe(true);
    expect(isLimited({ ...open, perCustomerLimit: 1 })).toBe(true);
  });

  it("keeps only the item ids the catalog knows", () => {
    expect(eligibleItemsOf(null)).toBeNull();
    expect(eligibleItemsOf(["luxe", "goldBar"])).toEqual(["luxe"]);
  });
});

describe("promotionState", () => {
  it("names where a promotion stands", () => {
    expect(promotionState(open, { total: 0 }, now)).toBe("active");
    expect(promotionState({ ...open, active: false }, { total: 0 }, now)).toBe("paused");
    expect(promotionState({ ...open, endsAt: now }, { total: 0 }, now)).toBe("ended");
    expect(
      promotionState({ ...open, startsAt: new Date(now.getTime() + 1) }, { total: 0 }, now),
    ).toBe("scheduled");
    expect(promotionState({ ...open, totalLimit: 2 }, { total: 2 }, now)).toBe("usedUp");
  });
});
