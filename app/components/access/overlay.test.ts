import { describe, expect, it } from "vitest";
import { type AccessView, blockingModal, navbarFor } from "./overlay";

const stranger: AccessView = {
  access: { beta: false, restaurant: false },
  privateBeta: false,
  hasSoftLaunchOffer: false,
};
const consumerPage = { accessGate: "beta", softLaunchOffer: false } as const;
const homePage = { accessGate: "beta", softLaunchOffer: true } as const;
const restaurantsPage = { accessGate: "restaurant", softLaunchOffer: false } as const;

describe("blockingModal", () => {
  it("asks for the restaurant code on the restaurants page until restaurant mode", () => {
    expect(blockingModal(restaurantsPage, stranger)).toBe("restaurant");
    expect(
      blockingModal(restaurantsPage, { ...stranger, access: { beta: true, restaurant: false } }),
    ).toBe("restaurant");
    expect(
      blockingModal(restaurantsPage, { ...stranger, access: { beta: true, restaurant: true } }),
    ).toBeNull();
  });

  it("asks for a beta code on consumer pages only while the private beta is on", () => {
    expect(blockingModal(consumerPage, stranger)).toBeNull();
    expect(blockingModal(consumerPage, { ...stranger, privateBeta: true })).toBe("beta");
    expect(
      blockingModal(consumerPage, {
        ...stranger,
        privateBeta: true,
        access: { beta: true, restaurant: false },
      }),
    ).toBeNull();
    expect(
      blockingModal(
        { accessGate: "none", softLaunchOffer: false },
        { ...stranger, privateBeta: true },
      ),
    ).toBeNull();
  });

  it("offers the soft launch on the home page only, after the beta, never to restaurants", () => {
    const offer = { ...stranger, hasSoftLaunchOffer: true };
    expect(blockingModal(homePage, offer)).toBe("softLaunch");
    expect(blockingModal(consumerPage, offer)).toBeNull();
    expect(blockingModal(homePage, { ...offer, privateBeta: true })).toBe("beta");
    expect(
      blockingModal(homePage, { ...offer, access: { beta: true, restaurant: true } }),
    ).toBeNull();
  });
});

describe("navbarFor", () => {
  it("switches the main navbar to the restaurant one in restaurant mode", () => {
    expect(navbarFor("main", false)).toBe("main");
    expect(navbarFor("main", true)).toBe("restaurant");
    expect(navbarFor("academy", true)).toBe("academy");
    expect(navbarFor("restaurant", false)).toBe("restaurant");
  });
});
