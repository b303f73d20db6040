import { createContext, type ReactNode, useContext } from "react";
import type { ItemId } from "~core/catalog";
import { harvestText, isStockedBottleId, type ShelfState } from "~core/stock";

const ShelvesContext = createContext<ShelfState | null>(null);

/** What the shelves could sell when the page was rendered, for every part of the page. */
export function ShelvesProvider({
  shelves,
  children,
}: {
  shelves: ShelfState | null;
  children: ReactNode;
}) {
  return <ShelvesContext value={shelves}>{children}</ShelvesContext>;
}

/** What the shelves can sell, as the page was rendered; unknown (null) when they were not counted. */
export function useShelves() {
  const shelves = useContext(ShelvesContext);
  return {
    unitsAvailable: (itemId: ItemId): number | null => shelves?.unitsAvailable[itemId] ?? null,
    /** 'Harvest of November 2026' for a bottle sold from a lot; null for sets and plans. */
    harvestOf: (itemId: ItemId): string | null => {
      const harvestDate = isStockedBottleId(itemId) ? shelves?.harvest[itemId] : undefined;
      return harvestDate ? harvestText(harvestDate) : null;
    },
  };
}
