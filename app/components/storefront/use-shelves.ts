import type { ItemId } from "~core/catalog";
import { harvestText, isStockedBottleId } from "~core/stock";
import { useRootData } from "./use-root-data";

/** What the shelves can sell, as the page was rendered; unknown (null) when they were not counted. */
export function useShelves() {
  const shelves = useRootData().storefront.shelves;
  return {
    unitsAvailable: (itemId: ItemId): number | null => shelves?.unitsAvailable[itemId] ?? null,
    /** 'Harvest of November 2026' for a bottle sold from a lot; null for sets and plans. */
    harvestOf: (itemId: ItemId): string | null => {
      const harvestDate = isStockedBottleId(itemId) ? shelves?.harvest[itemId] : undefined;
      return harvestDate ? harvestText(harvestDate) : null;
    },
  };
}
