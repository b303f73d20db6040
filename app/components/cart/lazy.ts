import { lazy } from "react";

/** The drawer stays out of the first load: it is fetched when a shopper is about to use the cart. */
const loadCartDrawer = () => import("./CartDrawer");

export function preloadCartDrawer(): void {
  void loadCartDrawer();
}

export const LazyCartDrawer = lazy(() =>
  loadCartDrawer().then((module) => ({ default: module.CartDrawer })),
);
