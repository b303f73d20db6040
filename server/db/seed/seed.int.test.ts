import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemIds, specCatalog } from "~core/catalog";
import { createTestDatabase, type TestDatabase, testEngines } from "../../../test/support/database";
import { readCatalog } from "../../catalog/catalog.server";
import { influencers, products, promotions, recipes } from "../schema.server";
import { seedDemoData } from "./seed.server";

describe.each(testEngines)("demo data on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("seeds the catalog, 12 or more recipes, 3 influencers and the demo promotions", async () => {
    const result = await seedDemoData(database.db, { onlyIfEmpty: true });
    expect(result?.products).toBe(itemIds.length);
    expect(await database.db.$count(products)).toBe(itemIds.length);
    expect(await readCatalog(database.db)).toEqual(specCatalog);
    const [recipeCount] = await database.db.select({ n: count() }).from(recipes);
    expect(recipeCount?.n).toBeGreaterThanOrEqual(12);
    const slugs = (await database.db.select({ slug: influencers.slug }).from(influencers)).map(
      (row) => row.slug,
    );
    expect(slugs).toHaveLength(3);
    expect(slugs).toContain("maria-papadopoulos");
    const codes = await database.db.select().from(promotions);
    const byCode = new Map(codes.map((promotion) => [promotion.code, promotion]));
    expect(byCode.get("WELCOME10")).toMatchObject({ active: true, percentOff: 10 });
    expect(byCode.get("TAKE5")).toMatchObject({ active: true, amountOffCents: 500 });
    expect(byCode.get("OLDCODE")).toMatchObject({ active: false });
  });

  it("is idempotent: a second run adds nothing and keeps the owner's edits", async () => {
    await database.db
      .update(recipes)
      .set({ title: "Edited by the owner" })
      .where(eq(recipes.id, 1));
    const before = await database.db.select({ n: count() }).from(recipes);
    expect(await seedDemoData(database.db, { onlyIfEmpty: true })).toBeUndefined();
    const again = await seedDemoData(database.db, { onlyIfEmpty: false });
    expect(again).toMatchObject({ recipes: 0, influencers: 0, promotions: 0 });
    expect(await database.db.select({ n: count() }).from(recipes)).toEqual(before);
    const [edited] = await database.db.select().from(recipes).where(eq(recipes.id, 1));
    expect(edited?.title).toBe("Edited by the owner");
  });
});
