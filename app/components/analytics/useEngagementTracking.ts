import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track";

const depthMarks = [25, 50, 75, 100] as const;

/** How far down the page the reader is, in percent of what can be scrolled. */
function scrollDepth(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : Math.round((window.scrollY / scrollable) * 100);
}

/** A link's or button's analytics name: its `data-track` attribute, or its visible text. */
function clickLabel(element: Element): string {
  return (
    element.getAttribute("data-track") ?? element.textContent?.replace(/\s+/g, " ").trim() ?? ""
  );
}

/**
 * Records how far a reader scrolls (25, 50, 75 and 100%, once each per page) and which links and
 * buttons of the page's content they click.
 */
export function useEngagementTracking(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks start again on every page
  useEffect(() => {
    const reached = new Set<number>();
    let frame = 0;
    const measure = () => {
      frame = 0;
      const depth = scrollDepth();
      for (const mark of depthMarks) {
        if (depth < mark || reached.has(mark)) continue;
        reached.add(mark);
        track({ name: "scroll_depth", value: mark });
      }
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    const onClick = (event: MouseEvent) => {
      const element =
        event.target instanceof Element ? event.target.closest("main a, main button") : null;
      if (element) track({ name: "click", label: clickLabel(element) });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("click", onClick);
      cancelAnimationFrame(frame);
    };
  }, [pathname]);
}
