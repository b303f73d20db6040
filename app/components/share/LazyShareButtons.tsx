import { lazy, Suspense } from "react";
import type { SharedContent } from "./share-links";

const ShareButtons = lazy(() =>
  import("./ShareButtons").then((module) => ({ default: module.ShareButtons })),
);

/**
 * The share buttons as a separate chunk, for pages where they sit below the fold: the code
 * arrives after the page's first load. The placeholder keeps their height.
 */
export function LazyShareButtons(content: SharedContent) {
  return (
    <Suspense fallback={<div className="min-h-11" />}>
      <ShareButtons {...content} />
    </Suspense>
  );
}
