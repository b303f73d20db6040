import { describe, expect, it } from "vitest";
import { parseCheckoutRequest } from "./checkout";
import { checkoutMessages } from "./checkout-messages";

describe("parseCheckoutRequest", () => {
  it("accepts item ids and quantities, local pickup and a promotion code", () => {
    expect(
      parseCheckoutRequest({
        items: [
          { itemId: "luxe", quantity: 1 },
          { itemId: "everydayLuxury", quantity: 99 },
        ],
        localPickup: true,
        promoCode: " WELCOME10 ",
      }),
    ).toEqual({
      ok: true,
      request: {
        items: [
          { itemId: "luxe", quantity: 1 },
          { itemId: "everydayLuxury", quantity: 99 },
        ],
        localPickup: true,
        promoCode: "WELCOME10",
      },
    });
  });

  it("treats a missing local-pickup choice as shipping and an empty code as none", () => {
    expect(
      parseCheckoutRequest({ items: [{ itemId: "luxe", quantity: 1 }], promoCode: "" }),
    ).toEqual({
      ok: true,
      request: { items: [{ itemId: "luxe", quantity: 1 }], localPickup: false },
    });
  });

  it.each([
    ["not an object", "luxe", "invalid_request", checkoutMessages.invalidRequest],
    [
      "a price",
      { items: [{ itemId: "luxe", quantity: 1, priceCents: 1 }] },
      "price_not_accepted",
      checkoutMessages.priceNotAccepted,
    ],
    [
      "a shipping price",
      { items: [{ itemId: "luxe", quantity: 1 }], shippingPrice: 0 },
      "price_not_accepted",
      checkoutMessages.priceNotAccepted,
    ],
    [
      "an unexpected field",
      { items: [{ itemId: "luxe", quantity: 1 }], admin: true },
      "invalid_request",
      checkoutMessages.invalidRequest,
    ],
    ["an empty cart", { items: [] }, "empty_cart", checkoutMessages.emptyCart],
    [
      "an unknown item",
      { items: [{ itemId: "__proto__", quantity: 1 }] },
      "unknown_item",
      checkoutMessages.unknownItem("__proto__"),
    ],
    [
      "a quantity of 100",
      { items: [{ itemId: "luxe", quantity: 100 }] },
      "invalid_quantity",
      checkoutMessages.invalidQuantity,
    ],
    [
      "a text quantity",
      { items: [{ itemId: "luxe", quantity: "2" }] },
      "invalid_quantity",
      checkoutMessages.invalidQuantity,
    ],
    [
      "the same item twice",
      {
        items: [
          { itemId: "luxe", quantity: 60 },
          { itemId: "luxe", quantity: 60 },
        ],
      },
      "invalid_request",
      checkoutMessages.duplicateItem,
    ],
  ])("refuses %s", (_case, body, code, message) => {
    expect(parseCheckoutRequest(body)).toEqual({ ok: false, error: { code, message } });
  });
});
