import { useMatches } from "react-router";

export type NavbarKind = "main" | "academy" | "restaurant";
export type NavbarVariant = "default" | "transparent" | "black";
export type AccessGate = "beta" | "restaurant" | "none";
/** The frame around a page: the shop's navbar and footer, or the back office's own. */
export type Shell = "shop" | "back-office";

/** What a route module may export as `handle` to shape the shared layout. */
export interface RouteHandle {
  navbar?: NavbarKind;
  navbarVariant?: NavbarVariant;
  /** Show the bottom call-to-action banner ('Don't ever wait. Always have access.'). */
  bottomCta?: boolean;
  /**
   * The access modal the page shows: 'beta' (the default, for consumer pages while the private
   * beta is on), 'restaurant' (until restaurant mode is granted) or 'none'.
   */
  accessGate?: AccessGate;
  /** The page offers the soft-launch promotion in its modal (the home page). */
  softLaunchOffer?: boolean;
  shell?: Shell;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null;
}

/** The layout settings of the current page: the deepest route that sets a value wins. */
export function useLayoutHandle(): Required<RouteHandle> {
  const merged: Required<RouteHandle> = {
    navbar: "main",
    navbarVariant: "default",
    bottomCta: false,
    accessGate: "beta",
    softLaunchOffer: false,
    shell: "shop",
  };
  const matches = useMatches();
  for (const match of matches) {
    if (isRouteHandle(match.handle)) Object.assign(merged, match.handle);
  }
  return merged;
}
