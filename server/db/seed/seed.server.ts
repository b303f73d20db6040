import { and, eq, isNull, sql } from "drizzle-orm";
import { specCatalog } from "~core/catalog";
import { openingPriceDate } from "~core/catalog-prices";
import { stockedBottleIds } from "~core/stock";
import type { Database } from "../client.server";
import {
  influencers,
  productPrices,
  products,
  promotions,
  recipes,
  stockItems,
  stockLots,
  stockMovements,
} from "../schema.server";
import { demoInfluencers } from "./influencers.server";
import { demoPromotions } from "./promotions.server";
import { demoRecipes } from "./recipes.server";
import { demoLotBottles, latestHarvestDate } from "./stock.server";

interface SeedLog {
  info(message: string): void;
}

export interface SeedResult {
  products: number;
  recipes: number;
  influencers: number;
  promotions: number;
  lots: number;
}

/**
 * The spec's catalog for items the database does not hold yet, each with the price the shop opened
 * with. Items already there are the owner's and are left as they are.
 */
async function seedProducts(db: Database): Promise<number> {
  const items = Object.values(specCatalog);
  const added = await db
    .insert(products)
    .values(
      items.map((item) => ({
        id: item.id,
        name: item.name,
        kind: item.kind,
        sizeMl: item.sizeMl,
        description: item.description,
        image: item.image,
        active: item.active,
        discountEligible: item.discountEligible,
        restaurantOnly: item.restaurantOnly,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: products.id });
  const addedIds = new Set(added.map((row) => row.id));
  const opening = items.filter((item) => addedIds.has(item.id));
  if (opening.length > 0) {
    await db.insert(productPrices).values(
      opening.map((item) => ({
        productId: item.id,
        priceCents: item.priceCents,
        startsAt: openingPriceDate,
        decidedAt: openingPriceDate,
      })),
    );
  }
  return added.length;
}

/** Demo lots go only onto empty shelves: received and sold stock is never touched. */
export async function seedStock(db: Database): Promise<number> {
  const existing = await db.select({ id: stockLots.id }).from(stockLots).limit(1);
  if (existing.length > 0) return 0;
  const harvestDate = latestHarvestDate(new Date().toISOString().slice(0, 10));
  const shelves = stockedBottleIds.map((bottleId) => ({
    bottleId,
    bottles: demoLotBottles[bottleId],
  }));
  await db
    .insert(stockItems)
    .values(shelves.map(({ bottleId }) => ({ bottleId })))
    .onConflictDoNothing();
  const lots = await db
    .insert(stockLots)
    .values(
      shelves.map(({ bottleId, bottles }) => ({
        bottleId,
        harvestDate,
        pressingDate: harvestDate,
        receivedBottles: bottles,
        onHand: bottles,
        receiptKey: `demo-${bottleId}-${harvestDate}`,
      })),
    )
    .returning({ id: stockLots.id, onHand: stockLots.onHand });
  await db
    .insert(stockMovements)
    .values(
      lots.map((lot) => ({ lotId: lot.id, change: lot.onHand, reason: "received" as const })),
    );
  return lots.length;
}

/** Content is only added, never overwritten: the shop owner's edits survive a re-seed. */
async function seedContent(db: Database): Promise<Omit<SeedResult, "products" | "lots">> {
  const addedRecipes = await db
    .insert(recipes)
    .values(
      demoRecipes.map((recipe) => ({
        ...recipe,
        createdAt: new Date(recipe.createdAt),
        publishedAt: new Date(recipe.createdAt),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: recipes.id });
  const addedInfluencers = await db
    .insert(influencers)
    .values(demoInfluencers.map((influencer) => ({ ...influencer, launchedAt: new Date() })))
    .onConflictDoNothing()
    .returning({ id: influencers.id });
  const addedPromotions = await db
    .insert(promotions)
    .values(demoPromotions.map((promotion) => ({ ...promotion, couponId: promotion.code })))
    .onConflictDoNothing()
    .returning({ id: promotions.id });
  // An influencer's coupon code is that influencer's promotion.
  await db
    .update(promotions)
    .set({ influencerId: influencers.id })
    .from(influencers)
    .where(
      and(
        isNull(promotions.influencerId),
        eq(sql`upper(${influencers.couponCode})`, sql`upper(${promotions.code})`),
      ),
    );
  return {
    recipes: addedRecipes.length,
    influencers: addedInfluencers.length,
    promotions: addedPromotions.length,
  };
}

async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/**
 * Seeds the catalog, recipes, influencers and promotions. Idempotent.
 * With `onlyIfEmpty` (the start-up path) nothing is done on a database that already has data.
 */
export async function seedDemoData(
  db: Database,
  options: { onlyIfEmpty: boolean; log?: SeedLog },
): Promise<SeedResult | undefined> {
  if (options.onlyIfEmpty && !(await isEmpty(db))) return undefined;
  const result = await db.transaction(async (tx) => ({
    products: await seedProducts(tx),
    ...(await seedContent(tx)),
    lots: await seedStock(tx),
  }));
  options.log?.info(
    `Seeded demo data: ${result.products} products, ${result.recipes} recipes, ` +
      `${result.influencers} influencers, ${result.promotions} promotions, ${result.lots} stock lots`,
  );
  return result;
}
