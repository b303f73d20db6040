import { lazyWithPreload } from "../lazy-with-preload";

/** The drawer stays out of the first load: it is fetched when a shopper is about to use the cart. */
export const LazyCartDrawer = lazyWithPreload(() =>
  import("./CartDrawer").then((module) => module.CartDrawer),
);
