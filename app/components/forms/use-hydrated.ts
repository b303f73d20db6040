import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while the server renders and the page is not yet interactive; true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
