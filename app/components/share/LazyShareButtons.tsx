import { lazyWithPreload } from "../lazy-with-preload";

/**
 * The share buttons as a separate chunk, for pages where they sit below the fold: the code
 * arrives after the page's first load. The placeholder keeps their height.
 */
export const LazyShareButtons = lazyWithPreload(
  () => import("./ShareButtons").then((module) => module.ShareButtons),
  <div className="min-h-11" />,
);
