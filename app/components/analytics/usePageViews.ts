import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track";

/**
 * Sends a page view for the first page and for every navigation to another path, while
 * `counted` (the back office's pages are not the shop's traffic); and a referral visit for a
 * page opened with `?ref=` or `?affiliate=`, which the server remembers for checkout.
 */
export function usePageViews(counted: boolean): void {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per path
  useEffect(() => {
    if (!counted) return;
    track({ name: "page_view" });
    const params = new URLSearchParams(search);
    const referral = params.get("ref") ?? params.get("affiliate");
    if (referral) track({ name: "affiliate_visit", label: referral });
  }, [pathname]);
}
