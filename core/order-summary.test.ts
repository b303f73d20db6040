import { describe, expect, it } from "vitest";
import { membershipDescription, orderItemName, specCatalog } from "./catalog";
import { orderSummaryLines } from "./order-summary";

describe("order summary lines", () => {
  it("say Standard shipping and leave out a zero discount and zero tax", () => {
    expect(
      orderSummaryLines({ shippingCents: 1500, discountCents: 0, taxCents: 0, totalCents: 8800 }),
    ).toEqual([
      { label: "Standard shipping", amount: "$15" },
      { label: "Total", amount: "$88" },
    ]);
  });

  it("say Free shipping and show a discount and tax above zero", () => {
    expect(
      orderSummaryLines({ shippingCents: 0, discountCents: 730, taxCents: 112, totalCents: 6682 }),
    ).toEqual([
      { label: "Free shipping", amount: "$0" },
      { label: "Discount", amount: "-$7.30" },
      { label: "Tax", amount: "$1.12" },
      { label: "Total", amount: "$66.82" },
    ]);
  });
});

describe("catalog names", () => {
  it("give bottles their size, and sets and memberships their name", () => {
    expect(orderItemName(specCatalog.premium)).toBe("Premium 375 ml");
    expect(orderItemName(specCatalog.premium750)).toBe("Premium 750 ml");
    expect(orderItemName(specCatalog.tastingCollection)).toBe("Tasting Collection");
    expect(orderItemName(specCatalog.trueConnoisseur)).toBe("True Connoisseur");
  });

  it("describe what each membership ships", () => {
    expect(membershipDescription(specCatalog, "everydayLuxury")).toBe(
      "2 Luxe (375 ml) every month",
    );
    expect(membershipDescription(specCatalog, "refinedPalate")).toBe(
      "1 Luxe and 1 Private Reserve (375 ml) every month",
    );
    expect(membershipDescription(specCatalog, "trueConnoisseur")).toBe(
      "2 Private Reserve (375 ml) every month",
    );
  });
});
