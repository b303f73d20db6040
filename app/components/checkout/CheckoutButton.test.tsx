import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../analytics/track";
import { CheckoutButton } from "./CheckoutButton";
import { type CheckoutEffects, runCheckout, type StartCheckoutResult } from "./start-checkout";

function effects(result: StartCheckoutResult) {
  const tracked: AnalyticsEvent[] = [];
  const redirects: string[] = [];
  const fake: CheckoutEffects = {
    start: async () => result,
    track: (event) => void tracked.push(event),
    redirect: (url) => void redirects.push(url),
  };
  return { fake, tracked, redirects };
}

const membershipCart = {
  items: [{ itemId: "everydayLuxury" as const, quantity: 1 }],
  localPickup: false,
};

describe("running a checkout", () => {
  it("records the click and the success, then goes to the provider", async () => {
    const { fake, tracked, redirects } = effects({ url: "https://pay.example/cs_1" });
    expect(await runCheckout(membershipCart, fake)).toBeNull();
    expect(redirects).toEqual(["https://pay.example/cs_1"]);
    expect(tracked).toEqual([
      { name: "checkout_click", label: "subscription" },
      { name: "checkout_session_created" },
    ]);
  });

  it("records the error and returns it, without leaving the page", async () => {
    const error = { message: "Something went wrong. Please try again" };
    const { fake, tracked, redirects } = effects({ error });
    expect(await runCheckout(membershipCart, fake)).toEqual(error);
    expect(redirects).toEqual([]);
    expect(tracked.at(-1)).toEqual({
      name: "checkout_session_error",
      label: error.message,
    });
  });
});

describe("the checkout button", () => {
  it("is enabled with items and disabled with an empty cart", () => {
    const enabled = renderToStaticMarkup(
      <CheckoutButton lines={[{ itemId: "luxe", quantity: 1 }]} localPickup={false} />,
    );
    expect(enabled).toContain(">Checkout</button>");
    expect(enabled).not.toContain("disabled");
    const disabled = renderToStaticMarkup(<CheckoutButton lines={[]} localPickup={false} />);
    expect(disabled).toContain('disabled=""');
  });
});
