import { type ComponentType, useEffect, useRef, useState } from "react";
import { lazyWithPreload } from "./lazy-with-preload";

/** How far below the viewport a part starts fetching its code, so that it is ready in time. */
const aheadOfViewport = "400px";

/**
 * A part below the fold whose code the browser fetches only when the shopper scrolls near it:
 * a page's first load carries none of it. The server renders it whole. In the browser, the
 * element around it keeps the server's HTML as it is (React does not hydrate inside an element
 * given `dangerouslySetInnerHTML`) until the code has arrived, and is then replaced by the live
 * part. Nothing suspends while it waits: a part waiting inside `<Suspense>` would hold back
 * every update that React renders in a transition above it, such as a form's revalidation.
 *
 * A part rendered in the browser without its code (a page opened by a link) is an empty place
 * until the shopper nears it. A page left before that fetches the code as it goes.
 */
export function lazyWhenVisible<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const ServerPart = lazyWithPreload(load);
  let loaded: ComponentType<Props> | undefined;
  const fetchCode = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module level, as React.lazy is
  return function WhenVisible(props: Props) {
    const placeRef = useRef<HTMLDivElement>(null);
    const [Part, setPart] = useState(() => loaded);
    useEffect(() => {
      const place = placeRef.current;
      if (Part || !place) return;
      let unmounted = false;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          // Should the code not arrive, the server's HTML stays: the first slide, standing.
          fetchCode().then(
            (component) => {
              if (!unmounted) setPart(() => component);
            },
            () => undefined,
          );
        },
        { rootMargin: `0px 0px ${aheadOfViewport} 0px` },
      );
      observer.observe(place);
      return () => {
        unmounted = true;
        observer.disconnect();
        // A shopper who leaves may step back: the code is then there as the page renders, so
        // the page has its full height when it is put back where they were.
        if (!loaded) fetchCode().catch(() => undefined);
      };
    }, [Part]);
    if (import.meta.env.SSR) {
      return (
        <div>
          <ServerPart {...props} />
        </div>
      );
    }
    if (Part) {
      return (
        <div key="live">
          <Part {...props} />
        </div>
      );
    }
    return (
      <div
        key="server"
        ref={placeRef}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string: it keeps the server's HTML of the part in place until its code arrives
        dangerouslySetInnerHTML={{ __html: "" }}
      />
    );
  };
}
