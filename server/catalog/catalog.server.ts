/**
 * The catalog as the owner keeps it: each item's row, its price history and its photo. Read on
 * every request that prices anything, so a change reaches every instance with its next request.
 */
import { asc, eq } from "drizzle-orm";
import {
  type Catalog,
  type CatalogItem,
  fullName,
  type ItemId,
  itemIds,
  specCatalog,
} from "~core/catalog";
import { type PriceChange, priceAt } from "~core/catalog-prices";
import type { StoredImage } from "~core/images";
import { storedImages } from "../content/images.server";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { productPrices, products } from "../db/schema.server";

export type StoredPriceChange = PriceChange & { id: number; productId: ItemId };
type ProductRow = typeof products.$inferSelect;

const priceColumns = {
  id: productPrices.id,
  productId: productPrices.productId,
  priceCents: productPrices.priceCents,
  startsAt: productPrices.startsAt,
  decidedAt: productPrices.decidedAt,
};

const priceRows = preparedPerDatabase((db) =>
  db
    .select(priceColumns)
    .from(productPrices)
    .orderBy(asc(productPrices.id))
    .prepare("catalog_prices"),
);

/** Each item's row beside each of its prices (or none), oldest price decision first. */
const productsWithPrices = preparedPerDatabase((db) =>
  db
    .select({ product: products, price: priceColumns })
    .from(products)
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .orderBy(asc(productPrices.id))
    .prepare("catalog_products_with_prices"),
);

function byItem(changes: Map<ItemId, StoredPriceChange[]>, change: StoredPriceChange) {
  const itemChanges = changes.get(change.productId);
  if (itemChanges) itemChanges.push(change);
  else changes.set(change.productId, [change]);
}

/** Every item's price changes, oldest decision first. */
export async function readPriceChanges(db: Database): Promise<Map<ItemId, StoredPriceChange[]>> {
  const changes = new Map<ItemId, StoredPriceChange[]>();
  for (const row of await priceRows(db).execute()) byItem(changes, row);
  return changes;
}

/** The items' rows and their price changes, in one statement. */
async function readProductsAndPrices(db: Database) {
  const rows = new Map<ItemId, ProductRow>();
  const changes = new Map<ItemId, StoredPriceChange[]>();
  for (const { product, price } of await productsWithPrices(db).execute()) {
    rows.set(product.id, product);
    if (price) byItem(changes, price);
  }
  return { rows, changes };
}

function itemOf(
  id: ItemId,
  row: ProductRow | undefined,
  changes: readonly PriceChange[],
  photos: ReadonlyMap<number, StoredImage>,
  at: Date,
): CatalogItem {
  const spec = specCatalog[id];
  const priceCents = priceAt(changes, at)?.priceCents ?? spec.priceCents;
  if (!row) return { ...spec, priceCents };
  const photo = row.photoImageId === null ? undefined : photos.get(row.photoImageId);
  return {
    ...spec,
    name: row.name,
    description: row.description || spec.description,
    image: row.image || spec.image,
    active: row.active,
    discountEligible: row.discountEligible,
    restaurantOnly: row.restaurantOnly,
    priceCents,
    ...(photo ? { photo } : {}),
  };
}

let lastRead: Catalog = specCatalog;

/**
 * The catalog with the prices in force at `at`. What the code knows of an item and the database
 * does not yet hold (a database not seeded) comes from the spec's catalog.
 */
export async function readCatalog(db: Database, at: Date = new Date()): Promise<Catalog> {
  return (await readCatalogAndPrices(db, at)).catalog;
}

/** The catalog with the prices in force at `at`, and every item's price changes. */
export async function readCatalogAndPrices(
  db: Database,
  at: Date = new Date(),
): Promise<{ catalog: Catalog; changes: Map<ItemId, StoredPriceChange[]> }> {
  const { rows, changes } = await readProductsAndPrices(db);
  // Asks the image store only when an item has a photo: a shop without photos reads as before.
  const photos = await storedImages(
    db,
    [...rows.values()].map((row) => row.photoImageId),
  );
  const catalog = Object.fromEntries(
    itemIds.map((id) => [id, itemOf(id, rows.get(id), changes.get(id) ?? [], photos, at)]),
  ) as Record<ItemId, CatalogItem>;
  lastRead = catalog;
  return { catalog, changes };
}

/** The catalog this instance read last: what pages show while the database does not answer. */
export function lastKnownCatalog(): Catalog {
  return lastRead;
}

/** 'Luxe, 375 ml': an item's name as the owner keeps it, for messages and audit rows. */
export async function itemFullName(db: Database, itemId: ItemId): Promise<string> {
  return fullName((await readCatalog(db))[itemId]);
}
