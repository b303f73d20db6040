import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { take5, welcome10 } from "../test/support/promotions";
import { specCatalog as catalog, itemIds } from "./catalog";
import {
  type CartLine,
  cartRefusal,
  checkoutMode,
  displayPriceCents,
  freeShippingProgress,
  hasEligibleItem,
  type PricingOptions,
  type Promotion,
  priceCart,
  defaultStandardShippingCents as standardShippingCents,
} from "./pricing";

const options: PricingOptions = {
  catalog,
  promotion: null,
  localPickup: false,
  restaurantMode: false,
  freeShippingMinCents: 10_000,
  standardShippingCents: 1500,
};

describe("displayPriceCents", () => {
  it("discounts eligible items by the percent off", () => {
    expect(displayPriceCents(catalog, "luxe", welcome10)).toBe(2970);
    expect(displayPriceCents(catalog, "tastingCollection", welcome10)).toBe(5940);
  });

  it("never discounts memberships, 750 ml bottles or the holiday set", () => {
    for (const id of ["everydayLuxury", "luxe750", "holidayTastingCollection"] as const) {
      expect(displayPriceCents(catalog, id, welcome10)).toBe(catalog[id].priceCents);
    }
  });

  it("ignores promotions in restaurant mode and amount-off promotions", () => {
    expect(displayPriceCents(catalog, "luxe", welcome10, true)).toBe(3300);
    expect(displayPriceCents(catalog, "luxe", take5)).toBe(3300);
  });
});

describe("priceCart", () => {
  it("prices from the catalog it is given, not from the spec's", () => {
    const repriced = { ...catalog, luxe: { ...catalog.luxe, priceCents: 3500 } };
    const cart = priceCart([{ itemId: "luxe", quantity: 2 }], {
      ...options,
      catalog: repriced,
      promotion: welcome10,
    });
    expect(cart.lines[0]).toMatchObject({ listPriceCents: 3500, priceCents: 3150 });
    expect(cart.subtotalCents).toBe(7000);
    expect(cart.discountCents).toBe(700);
  });

  it("charges $15 shipping under the free-shipping minimum", () => {
    const cart = priceCart([{ itemId: "luxe", quantity: 1 }], options);
    expect(cart).toMatchObject({
      subtotalCents: 3300,
      discountCents: 0,
      shippingCents: 1500,
      totalCents: 4800,
    });
  });

  it("ships free with local pickup, a membership, or goods at the minimum", () => {
    expect(
      priceCart([{ itemId: "luxe", quantity: 1 }], { ...options, localPickup: true }).shippingCents,
    ).toBe(0);
    expect(
      priceCart(
        [
          { itemId: "luxe", quantity: 1 },
          { itemId: "everydayLuxury", quantity: 1 },
        ],
        options,
      ).shippingCents,
    ).toBe(0);
    expect(priceCart([{ itemId: "privateReserve", quantity: 2 }], options).shippingCents).toBe(
      1500,
    );
    expect(
      priceCart([{ itemId: "privateReserve", quantity: 2 }], {
        ...options,
        freeShippingMinCents: 8_000,
      }).shippingCents,
    ).toBe(0);
  });

  it("charges the standard rate it is given, and nothing at the minimum whatever the rate", () => {
    const lines: CartLine[] = [{ itemId: "luxe", quantity: 1 }];
    const cart = priceCart(lines, { ...options, standardShippingCents: 995 });
    expect(cart).toMatchObject({ shippingCents: 995, totalCents: 3300 + 995 });
    expect(
      priceCart(lines, { ...options, standardShippingCents: 995, freeShippingMinCents: 3300 })
        .shippingCents,
    ).toBe(0);
  });

  it("decides free shipping on the discounted goods", () => {
    const lines: CartLine[] = [{ itemId: "privateReserve", quantity: 3 }];
    expect(priceCart(lines, { ...options, freeShippingMinCents: 11_000 }).shippingCents).toBe(0);
    expect(
      priceCart(lines, { ...options, freeShippingMinCents: 11_000, promotion: welcome10 })
        .shippingCents,
    ).toBe(standardShippingCents);
  });

  it("applies a fixed amount once, only with an eligible item", () => {
    const withEligible = priceCart(
      [
        { itemId: "luxe", quantity: 2 },
        { itemId: "premium750", quantity: 1 },
      ],
      { ...options, promotion: take5 },
    );
    expect(withEligible).toMatchObject({ discountCents: 500, promotionApplies: true });
    const withoutEligible = priceCart([{ itemId: "holidayTastingCollection", quantity: 1 }], {
      ...options,
      promotion: take5,
    });
    expect(withoutEligible).toMatchObject({
      discountCents: 0,
      promotionApplies: false,
      totalCents: 4900 + 1500,
    });
  });

  it("never lets an amount off go beyond the eligible goods", () => {
    const huge: Promotion = { ...take5, amountOffCents: 1_000_000 };
    const cart = priceCart(
      [
        { itemId: "premium", quantity: 1 },
        { itemId: "holidayTastingCollection", quantity: 1 },
      ],
      { ...options, promotion: huge },
    );
    expect(cart.discountCents).toBe(2400);
    expect(cart.totalCents).toBe(4900 + 1500);
  });

  it("ignores promotions in restaurant mode", () => {
    const cart = priceCart([{ itemId: "luxe", quantity: 1 }], {
      ...options,
      promotion: welcome10,
      restaurantMode: true,
    });
    expect(cart).toMatchObject({ discountCents: 0, promotionApplies: false });
  });

  it("leaves out lines at quantity zero and prices an empty cart at zero", () => {
    expect(priceCart([{ itemId: "luxe", quantity: 0 }], options)).toMatchObject({
      lines: [],
      totalCents: 0,
      shippingCents: 0,
    });
  });

  it("is a subscription when it holds a membership", () => {
    expect(checkoutMode([{ itemId: "trueConnoisseur", quantity: 1 }])).toBe("subscription");
    expect(checkoutMode([{ itemId: "luxe", quantity: 1 }])).toBe("payment");
  });
});

const lineArbitrary = fc.record({
  itemId: fc.constantFrom(...itemIds),
  quantity: fc.integer({ min: 0, max: 99 }),
});
const promotionArbitrary = fc.option(
  fc.oneof(
    fc
      .integer({ min: 1, max: 100 })
      .map((percentOff) => ({ ...welcome10, code: "P", couponId: "P", percentOff })),
    fc
      .integer({ min: 1, max: 1_000_000 })
      .map((amountOffCents) => ({ ...take5, code: "A", couponId: "A", amountOffCents })),
  ),
);
const optionsArbitrary = fc.record({
  catalog: fc.constant(catalog),
  promotion: promotionArbitrary,
  localPickup: fc.boolean(),
  restaurantMode: fc.boolean(),
  freeShippingMinCents: fc.integer({ min: 0, max: 100_000 }),
  standardShippingCents: fc.integer({ min: 1, max: 100_000 }),
});

describe("priceCart invariants", () => {
  it("total ≥ 0, discount ≤ eligible goods, total = goods − discount + shipping", () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { maxLength: 11 }), optionsArbitrary, (lines, opts) => {
        const cart = priceCart(lines, opts);
        const eligibleGoods = cart.lines
          .filter((line) => catalog[line.itemId].discountEligible)
          .reduce((sum, line) => sum + line.listPriceCents * line.quantity, 0);
        expect(cart.totalCents).toBeGreaterThanOrEqual(0);
        expect(cart.discountCents).toBeGreaterThanOrEqual(0);
        expect(cart.discountCents).toBeLessThanOrEqual(eligibleGoods);
        expect(cart.totalCents).toBe(cart.subtotalCents - cart.discountCents + cart.shippingCents);
      }),
    );
  });
});

describe("priceCart, the specification's worked examples", () => {
  it("totals display price × quantity, minus a fixed amount once, plus shipping", () => {
    const cart = priceCart([{ itemId: "luxe", quantity: 2 }], { ...options, promotion: take5 });
    expect(cart).toMatchObject({ subtotalCents: 6600, discountCents: 500, shippingCents: 1500 });
    expect(cart.totalCents).toBe(6600 - 500 + 1500);
  });

  it("rounds percent prices to the cent", () => {
    const fifteen: Promotion = { ...welcome10, percentOff: 15 };
    expect(displayPriceCents(catalog, "luxe", fifteen)).toBe(2805);
    expect(displayPriceCents(catalog, "premium", welcome10)).toBe(2160);
  });

  it("ships free from exactly the minimum", () => {
    const lines: CartLine[] = [{ itemId: "privateReserve", quantity: 2 }];
    expect(priceCart(lines, { ...options, freeShippingMinCents: 8_000 }).shippingCents).toBe(0);
    expect(priceCart(lines, { ...options, freeShippingMinCents: 8_001 }).shippingCents).toBe(1500);
  });

  it("keeps 750 ml restaurant bottles at list price whatever the promotion", () => {
    const lines: CartLine[] = [
      { itemId: "premium750", quantity: 1 },
      { itemId: "luxe750", quantity: 1 },
      { itemId: "privateReserve750", quantity: 1 },
    ];
    for (const promotion of [welcome10, take5]) {
      for (const restaurantMode of [false, true]) {
        const cart = priceCart(lines, { ...options, promotion, restaurantMode });
        expect(cart.discountCents).toBe(0);
        expect(cart.lines.map((line) => line.priceCents)).toEqual([2900, 3400, 4000]);
      }
    }
  });

  it("ignores a fixed amount off in restaurant mode even with eligible items", () => {
    const cart = priceCart([{ itemId: "luxe", quantity: 1 }], {
      ...options,
      promotion: take5,
      restaurantMode: true,
    });
    expect(cart).toMatchObject({ discountCents: 0, totalCents: 3300 + 1500 });
  });

  it("discounts only the eligible lines of a mixed cart", () => {
    const cart = priceCart(
      [
        { itemId: "luxe", quantity: 1 },
        { itemId: "everydayLuxury", quantity: 1 },
        { itemId: "holidayTastingCollection", quantity: 1 },
      ],
      { ...options, promotion: welcome10 },
    );
    expect(cart.discountCents).toBe(330);
    expect(cart).toMatchObject({ shippingCents: 0, mode: "subscription" });
  });
});

describe("priceCart laws", () => {
  const linesArbitrary = fc.array(lineArbitrary, { maxLength: 11 });

  it("never shows a display price above the list price or below zero", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...itemIds),
        promotionArbitrary,
        fc.boolean(),
        (id, promotion, restaurantMode) => {
          const price = displayPriceCents(catalog, id, promotion, restaurantMode);
          expect(price).toBeGreaterThanOrEqual(0);
          expect(price).toBeLessThanOrEqual(catalog[id].priceCents);
        },
      ),
    );
  });

  it("gives nothing off in restaurant mode", () => {
    fc.assert(
      fc.property(linesArbitrary, optionsArbitrary, (lines, opts) => {
        const cart = priceCart(lines, { ...opts, restaurantMode: true });
        expect(cart.discountCents).toBe(0);
        expect(cart.promotionApplies).toBe(false);
      }),
    );
  });

  it("charges the standard rate or nothing, and nothing with local pickup or a membership", () => {
    fc.assert(
      fc.property(linesArbitrary, optionsArbitrary, (lines, opts) => {
        const cart = priceCart(lines, opts);
        expect([0, opts.standardShippingCents]).toContain(cart.shippingCents);
        const member = lines.some(
          (line) => line.quantity > 0 && catalog[line.itemId].kind === "membership",
        );
        if (opts.localPickup || member) expect(cart.shippingCents).toBe(0);
      }),
    );
  });

  it("shows the promo banner exactly when something is discounted", () => {
    fc.assert(
      fc.property(linesArbitrary, optionsArbitrary, (lines, opts) => {
        const cart = priceCart(lines, opts);
        expect(cart.promotionApplies).toBe(cart.discountCents > 0);
        if (cart.promotionApplies) expect(hasEligibleItem(catalog, cart.lines)).toBe(true);
      }),
    );
  });
});

describe("freeShippingProgress", () => {
  const progressOf = (lines: CartLine[], overrides: Partial<PricingOptions> = {}) => {
    const pricing = { ...options, ...overrides };
    return freeShippingProgress(priceCart(lines, pricing), pricing);
  };

  it("says how much more the goods need, measured after the discount", () => {
    expect(progressOf([{ itemId: "luxe", quantity: 2 }])).toEqual({
      kind: "remaining",
      remainingCents: 3400,
    });
    expect(progressOf([{ itemId: "luxe", quantity: 2 }], { promotion: welcome10 })).toEqual({
      kind: "remaining",
      remainingCents: 4060,
    });
    expect(
      progressOf(
        [
          { itemId: "privateReserve", quantity: 2 },
          { itemId: "premium", quantity: 1 },
        ],
        { promotion: take5 },
      ),
    ).toEqual({
      kind: "remaining",
      // $104 of goods, $5 off: $99, a dollar short.
      remainingCents: 100,
    });
  });

  it("says the minimum is reached from the minimum on, as the shipping line does", () => {
    const lines: CartLine[] = [
      { itemId: "privateReserve", quantity: 2 },
      { itemId: "premium", quantity: 1 },
      { itemId: "premium750", quantity: 1 },
    ];
    expect(
      progressOf([
        { itemId: "holidayTastingCollection", quantity: 2 },
        { itemId: "premium", quantity: 1 },
      ]),
    ).toEqual({ kind: "reached" });
    const exactly = priceCart(
      [
        { itemId: "privateReserve", quantity: 1 },
        { itemId: "tastingCollection", quantity: 1 },
      ],
      { ...options, freeShippingMinCents: 10_600 },
    );
    expect(exactly.shippingCents).toBe(0);
    expect(freeShippingProgress(exactly, { ...options, freeShippingMinCents: 10_600 })).toEqual({
      kind: "reached",
    });
    expect(progressOf(lines, { freeShippingMinCents: 14_000 })).toEqual({
      kind: "remaining",
      remainingCents: 700,
    });
  });

  it("says nothing when the goods total decides nothing", () => {
    expect(progressOf([])).toBeNull();
    expect(progressOf([{ itemId: "luxe", quantity: 1 }], { localPickup: true })).toBeNull();
    expect(
      progressOf([
        { itemId: "luxe", quantity: 1 },
        { itemId: "everydayLuxury", quantity: 1 },
      ]),
    ).toBeNull();
  });

  it("agrees with the shipping line on every cart", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            itemId: fc.constantFrom(...itemIds),
            quantity: fc.integer({ min: 1, max: 5 }),
          }),
          { maxLength: 4 },
        ),
        fc.boolean(),
        fc.constantFrom(null, welcome10, take5),
        (lines, localPickup, promotion) => {
          const pricing = { ...options, localPickup, promotion };
          const priced = priceCart(lines, pricing);
          const progress = freeShippingProgress(priced, pricing);
          if (progress?.kind === "remaining")
            expect(priced.shippingCents).toBe(standardShippingCents);
          else expect(priced.shippingCents).toBe(0);
        },
      ),
    );
  });
});

describe("cartRefusal", () => {
  it("accepts only a cart with an item the promotion discounts", () => {
    expect(cartRefusal(catalog, [{ itemId: "luxe", quantity: 1 }], welcome10)).toBeNull();
    expect(cartRefusal(catalog, [{ itemId: "tastingCollection", quantity: 1 }], take5)).toBeNull();
    for (const itemId of ["holidayTastingCollection", "luxe750", "refinedPalate"] as const) {
      expect(cartRefusal(catalog, [{ itemId, quantity: 2 }], welcome10)).toBe("notApplicable");
      expect(cartRefusal(catalog, [{ itemId, quantity: 2 }], take5)).toBe("notApplicable");
    }
    expect(cartRefusal(catalog, [], welcome10)).toBe("notApplicable");
  });

  it("follows the promotion's own items over the catalog's", () => {
    const holidayOnly = { ...welcome10, eligibleItemIds: ["holidayTastingCollection"] as const };
    expect(cartRefusal(catalog, [{ itemId: "luxe", quantity: 1 }], holidayOnly)).toBe(
      "notApplicable",
    );
    expect(
      cartRefusal(catalog, [{ itemId: "holidayTastingCollection", quantity: 1 }], holidayOnly),
    ).toBe(null);
  });

  it("refuses goods below the minimum, counted at list price", () => {
    const fifty = { ...welcome10, minSubtotalCents: 5000 };
    expect(cartRefusal(catalog, [{ itemId: "luxe", quantity: 1 }], fifty)).toBe("belowMinimum");
    expect(cartRefusal(catalog, [{ itemId: "luxe", quantity: 2 }], fifty)).toBeNull();
  });
});

describe("the three kinds of promotion", () => {
  const pricing = { ...options, freeShippingMinCents: 10_000 };
  const lines = [
    { itemId: "luxe", quantity: 1 },
    { itemId: "holidayTastingCollection", quantity: 1 },
  ] as const;

  it("takes a percent off the eligible items only", () => {
    const cart = priceCart(lines, { ...pricing, promotion: welcome10 });
    expect(cart.discountCents).toBe(330);
    expect(cart.shippingCents).toBe(standardShippingCents);
    expect(cart.promotionApplies).toBe(true);
  });

  it("takes a fixed amount off once, never more than the eligible items cost", () => {
    expect(priceCart(lines, { ...pricing, promotion: take5 }).discountCents).toBe(500);
    const huge = { ...take5, amountOffCents: 100_000 };
    expect(priceCart(lines, { ...pricing, promotion: huge }).discountCents).toBe(3300);
  });

  it("makes shipping free and takes nothing off the goods", () => {
    const freeShipping = { ...welcome10, percentOff: null, freeShipping: true };
    const cart = priceCart(lines, { ...pricing, promotion: freeShipping });
    expect(cart).toMatchObject({ discountCents: 0, shippingCents: 0, promotionApplies: true });
    expect(freeShippingProgress(cart, pricing)).toBeNull();
    const none = priceCart([{ itemId: "holidayTastingCollection", quantity: 1 }], {
      ...pricing,
      promotion: freeShipping,
    });
    expect(none).toMatchObject({ shippingCents: standardShippingCents, promotionApplies: false });
  });

  it("applies nothing below the minimum", () => {
    const cart = priceCart(lines, {
      ...pricing,
      promotion: { ...welcome10, minSubtotalCents: 20_000 },
    });
    expect(cart).toMatchObject({ discountCents: 0, promotionApplies: false });
  });
});
