import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track";

/** Sends a page view for the first page and for every navigation to another path. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per path
  useEffect(() => {
    track({ category: "engagement", name: "page_view" });
  }, [pathname]);
}
