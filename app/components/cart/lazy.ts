import { lazyWithPreload } from "../lazy-with-preload";

/**
 * The drawer stays out of the page's first load: it is fetched once the page has loaded, or earlier
 * when a shopper is about to use the cart.
 */
export const LazyCartDrawer = lazyWithPreload(() =>
  import("./CartDrawer").then((module) => module.CartDrawer),
);
