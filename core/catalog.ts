/**
 * The shop's items: which exist and what they hold are fixed here; their names, texts, prices and
 * whether they are sold are the owner's, kept in the database and passed to every rule as a
 * `Catalog`. The server recomputes every total from the catalog it reads.
 */
import type { StoredImage } from "./images";

export const bottleIds = ["premium", "luxe", "privateReserve"] as const;
export const restaurantBottleIds = ["premium750", "luxe750", "privateReserve750"] as const;
export const setIds = ["tastingCollection", "holidayTastingCollection"] as const;
export const membershipIds = ["everydayLuxury", "refinedPalate", "trueConnoisseur"] as const;

export const itemIds = [...bottleIds, ...restaurantBottleIds, ...setIds, ...membershipIds] as const;

export type BottleId = (typeof bottleIds)[number];
export type RestaurantBottleId = (typeof restaurantBottleIds)[number];
export type SetId = (typeof setIds)[number];
export type MembershipId = (typeof membershipIds)[number];
export type ItemId = (typeof itemIds)[number];

export type ItemKind = "bottle" | "set" | "membership";

export interface CatalogItem {
  id: ItemId;
  name: string;
  kind: ItemKind;
  /** Bottle size in millilitres; sets and memberships hold 375 ml bottles. */
  sizeMl: 375 | 750;
  priceCents: number;
  /** Percent promotions discount only these items. */
  discountEligible: boolean;
  /** Path of the item's illustration under /images: what the shop shows without a photo. */
  image: string;
  /**
   * The owner's photo of the item, from the image store. Absent without one, so that a page
   * showing the illustration carries nothing more.
   */
  photo?: StoredImage;
  /** How many bottles one unit holds (sets) or ships each month (memberships). */
  bottles: number;
  /** The text of the item's card. */
  description: string;
  /** Offered in the shop; an inactive item cannot be added or bought. */
  active: boolean;
  /** Sold only in restaurant mode (the 750 ml bottles). */
  restaurantOnly: boolean;
}

/** Every item with its current regular price, as the owner set them. */
export type Catalog = Readonly<Record<ItemId, CatalogItem>>;

/** The spec's catalog as first built: what a new shop's database is seeded with. */
export const specCatalog: Catalog = {
  premium: {
    id: "premium",
    name: "Premium",
    kind: "bottle",
    sizeMl: 375,
    priceCents: 2400,
    discountEligible: true,
    image: "/images/bottles/premium-375.svg",
    active: true,
    restaurantOnly: false,
    bottles: 1,
    description:
      "Our everyday oil: smooth, fruity and generous. Made for cooking, roasting and a good loaf of bread.",
  },
  luxe: {
    id: "luxe",
    name: "Luxe",
    kind: "bottle",
    sizeMl: 375,
    priceCents: 3300,
    discountEligible: true,
    image: "/images/bottles/luxe-375.svg",
    active: true,
    restaurantOnly: false,
    bottles: 1,
    description:
      "Pressed within 24 hours of picking. Green, peppery and lively over salads, soups and grilled fish.",
  },
  privateReserve: {
    id: "privateReserve",
    name: "Private Reserve",
    kind: "bottle",
    sizeMl: 375,
    priceCents: 4000,
    discountEligible: true,
    image: "/images/bottles/private-reserve-375.svg",
    active: true,
    restaurantOnly: false,
    bottles: 1,
    description:
      "Our finest, pressed within one hour of picking. Intense and grassy with a long finish, for the table.",
  },
  premium750: {
    id: "premium750",
    name: "Premium",
    kind: "bottle",
    sizeMl: 750,
    priceCents: 2900,
    discountEligible: false,
    image: "/images/bottles/premium-750.svg",
    active: true,
    restaurantOnly: true,
    bottles: 1,
    description:
      "The everyday oil in a kitchen-sized bottle, for the sauté station and the bread basket.",
  },
  luxe750: {
    id: "luxe750",
    name: "Luxe",
    kind: "bottle",
    sizeMl: 750,
    priceCents: 3400,
    discountEligible: false,
    image: "/images/bottles/luxe-750.svg",
    active: true,
    restaurantOnly: true,
    bottles: 1,
    description:
      "Pressed within 24 hours of picking. A peppery finishing oil that stands up to a busy service.",
  },
  privateReserve750: {
    id: "privateReserve750",
    name: "Private Reserve",
    kind: "bottle",
    sizeMl: 750,
    priceCents: 4000,
    discountEligible: false,
    image: "/images/bottles/private-reserve-750.svg",
    active: true,
    restaurantOnly: true,
    bottles: 1,
    description:
      "Pressed within one hour of picking. The oil for the dishes your guests come back for.",
  },
  tastingCollection: {
    id: "tastingCollection",
    name: "Tasting Collection",
    kind: "set",
    sizeMl: 375,
    priceCents: 6600,
    discountEligible: true,
    image: "/images/bottles/tasting-collection.svg",
    active: true,
    restaurantOnly: false,
    bottles: 3,
    description:
      "Premium, Luxe and Private Reserve side by side: taste what the hours from tree to press change.",
  },
  holidayTastingCollection: {
    id: "holidayTastingCollection",
    name: "Holiday Tasting Collection",
    kind: "set",
    sizeMl: 375,
    priceCents: 4900,
    discountEligible: false,
    image: "/images/bottles/holiday-tasting-collection.svg",
    active: true,
    restaurantOnly: false,
    bottles: 3,
    description: "Our three oils in a ribboned gift box, ready to wrap and give.",
  },
  everydayLuxury: {
    id: "everydayLuxury",
    name: "Everyday Luxury",
    kind: "membership",
    sizeMl: 375,
    priceCents: 4900,
    discountEligible: false,
    image: "/images/bottles/membership-everyday-luxury.svg",
    active: true,
    restaurantOnly: false,
    bottles: 2,
    description: "Two bottles of Luxe every month.",
  },
  refinedPalate: {
    id: "refinedPalate",
    name: "Refined Palate",
    kind: "membership",
    sizeMl: 375,
    priceCents: 5900,
    discountEligible: false,
    image: "/images/bottles/membership-refined-palate.svg",
    active: true,
    restaurantOnly: false,
    bottles: 2,
    description: "One Luxe and one Private Reserve every month.",
  },
  trueConnoisseur: {
    id: "trueConnoisseur",
    name: "True Connoisseur",
    kind: "membership",
    sizeMl: 375,
    priceCents: 6900,
    discountEligible: false,
    image: "/images/bottles/membership-true-connoisseur.svg",
    active: true,
    restaurantOnly: false,
    bottles: 2,
    description: "Two bottles of Private Reserve every month.",
  },
};

/** The bottles each monthly membership ships. */
export const membershipContents: Readonly<
  Record<MembershipId, ReadonlyArray<{ itemId: BottleId; quantity: number }>>
> = {
  everydayLuxury: [{ itemId: "luxe", quantity: 2 }],
  refinedPalate: [
    { itemId: "luxe", quantity: 1 },
    { itemId: "privateReserve", quantity: 1 },
  ],
  trueConnoisseur: [{ itemId: "privateReserve", quantity: 2 }],
};

/** The size line of a card: '375 ml', '3 × 375 ml', '2 × 375 ml monthly'. */
export function sizeText(item: CatalogItem): string {
  const size = `${item.sizeMl} ml`;
  if (item.kind === "membership") return `${item.bottles} × ${size} monthly`;
  return item.bottles > 1 ? `${item.bottles} × ${size}` : size;
}

/** The name that tells items apart: 'Luxe, 750 ml' for bottles, the name for sets and plans. */
export function fullName(item: CatalogItem): string {
  return item.kind === "bottle" ? `${item.name}, ${item.sizeMl} ml` : item.name;
}

export function isItemId(value: unknown): value is ItemId {
  return typeof value === "string" && (itemIds as readonly string[]).includes(value);
}

export function isMembershipId(value: unknown): value is MembershipId {
  return typeof value === "string" && (membershipIds as readonly string[]).includes(value);
}

/** The 750 ml bottles, sold only to partner restaurants. */
export function isRestaurantBottleId(value: unknown): value is RestaurantBottleId {
  return typeof value === "string" && (restaurantBottleIds as readonly string[]).includes(value);
}

/** The name an order line shows: bottles carry their size, since each oil comes in two. */
export function orderItemName(item: CatalogItem): string {
  return item.kind === "bottle" ? `${item.name} ${item.sizeMl} ml` : item.name;
}

/** What a membership ships each month, such as '1 Luxe and 1 Private Reserve (375 ml)'. */
export function membershipDescription(catalog: Catalog, membershipId: MembershipId): string {
  const bottles = membershipContents[membershipId].map(
    ({ itemId, quantity }) => `${quantity} ${catalog[itemId].name}`,
  );
  return `${bottles.join(" and ")} (375 ml) every month`;
}
