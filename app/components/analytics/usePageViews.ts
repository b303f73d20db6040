import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track";

/**
 * Sends a page view for the first page and for every navigation to another path, while
 * `counted` (the back office's pages are not the shop's traffic).
 */
export function usePageViews(counted: boolean): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per path
  useEffect(() => {
    if (counted) track({ name: "page_view" });
  }, [pathname]);
}
