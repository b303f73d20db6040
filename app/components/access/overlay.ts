import type { Access } from "~core/storefront";
import type { AccessGate, NavbarKind } from "../layout/route-handle";

/** What the root loader tells the layout about access (see server/storefront). */
export interface AccessView {
  access: Access;
  privateBeta: boolean;
  hasSoftLaunchOffer: boolean;
}

export type BlockingModal = "restaurant" | "beta" | "softLaunch" | null;

/**
 * The modal that covers the page, if any: the restaurant modal until restaurant mode is granted;
 * on other pages the beta modal while the private beta is on and no code was granted; else the
 * soft-launch offer where the page makes one. None of them has a close button.
 */
export function blockingModal(
  page: { accessGate: AccessGate; softLaunchOffer: boolean },
  view: AccessView,
): BlockingModal {
  if (page.accessGate === "restaurant") return view.access.restaurant ? null : "restaurant";
  if (page.accessGate === "beta" && view.privateBeta && !view.access.beta) return "beta";
  // Restaurant mode ignores promotions, so it is never offered one.
  if (page.softLaunchOffer && view.hasSoftLaunchOffer && !view.access.restaurant) {
    return "softLaunch";
  }
  return null;
}

/** Restaurant mode swaps the main navbar for the restaurant one; academy pages keep theirs. */
export function navbarFor(kind: NavbarKind, restaurantMode: boolean): NavbarKind {
  return kind === "main" && restaurantMode ? "restaurant" : kind;
}
