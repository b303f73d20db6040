import type { StockedBottleId } from "~core/stock";

/** The demo's shelves: one lot of each bottle from the latest harvest, pressed the same day. */
export const demoLotBottles: Readonly<Record<StockedBottleId, number>> = {
  premium: 600,
  luxe: 600,
  privateReserve: 400,
  premium750: 240,
  luxe750: 240,
  privateReserve750: 160,
};

/**
 * The latest harvest as of `today` (an ISO date): the estate picks in November, so the demo's
 * oil is never past its 18 months, whenever it is started.
 */
export function latestHarvestDate(today: string): string {
  const year = Number(today.slice(0, 4));
  const harvest = `${year}-11-10`;
  return today >= harvest ? harvest : `${year - 1}-11-10`;
}
