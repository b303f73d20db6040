import { describe, expect, it } from "vitest";
import { membershipStepHref, membershipStepOf } from "./membership-forms";

const stepOf = (href: string) => membershipStepOf(new URL(href, "http://shop.test").searchParams);

describe("the cancellation's steps in the address", () => {
  it("carries the reason given to the offer, so that declining it cancels with that reason", () => {
    expect(membershipStepHref("offer", "si_1", "price")).toBe(
      "/account?tab=memberships&offer=si_1&reason=price",
    );
    expect(stepOf(membershipStepHref("offer", "si_1", "price"))).toEqual({
      step: "offer",
      subscriptionItemId: "si_1",
      reason: "price",
    });
    expect(stepOf(membershipStepHref("offer", "si_1", null))).toEqual({
      step: "offer",
      subscriptionItemId: "si_1",
      reason: null,
    });
  });

  it("reads no reason it does not know, and none at the first step", () => {
    expect(stepOf("/account?tab=memberships&offer=si_1&reason=%3Cscript%3E")).toMatchObject({
      reason: null,
    });
    expect(stepOf(membershipStepHref("reason", "si_1"))).toEqual({
      step: "reason",
      subscriptionItemId: "si_1",
      reason: null,
    });
    expect(stepOf("/account?tab=memberships&cancel=not-an-item")).toBeNull();
  });
});
