/**
 * The back office shows every time by the shop's clock (`SHOP_TIMEZONE`), with the zone named.
 * The shell provides the zone; pages write times with `ShopTime`, or with `formatShopTime` and
 * `useShopTimeZone` where a time is part of a text.
 */
import { createContext, type ReactNode, useContext } from "react";
import { formatShopTime } from "~core/dates";

const ShopTimeZone = createContext<string | null>(null);

export function ShopTimeZoneProvider({
  timeZone,
  children,
}: {
  timeZone: string;
  children: ReactNode;
}) {
  return <ShopTimeZone value={timeZone}>{children}</ShopTimeZone>;
}

/** The shop's time zone, by whose clock the back office shows times. */
export function useShopTimeZone(): string {
  const timeZone = useContext(ShopTimeZone);
  if (!timeZone) throw new Error("useShopTimeZone() outside the back office's shell");
  return timeZone;
}

/** An instant as the shop's clock reads it, `Nov 26, 2026, 9:41 AM PST`, marked up as a time. */
export function ShopTime({ at }: { at: Date }) {
  return <time dateTime={at.toISOString()}>{formatShopTime(at, useShopTimeZone())}</time>;
}
