import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { parseConfig } from "../config.server";
import { findInfluencerBySlug } from "../content/influencers.server";
import { settings } from "../db/schema.server";
import { seedDemoData } from "../db/seed/seed.server";
import { createLogger } from "../logger.server";
import { readShopSettings } from "../settings/settings.server";
import { loadInfluencerOffer } from "./influencer-offer.server";
import { loadStorefront } from "./storefront.server";

const config = {
  ...parseConfig({ PRIVATE_BETA: "on", SOFT_LAUNCH_CODE: "MOTHERSDAY10", FREE_SHIPPING_MIN: "80" }),
  authSecret: "a-test-secret-that-is-long-enough-123",
};
const log = createLogger({ level: "silent", pretty: false });
const request = (path: string) => new Request(`http://localhost:3000${path}`);

describe.each(testEngines)("storefront state on %s", (engine) => {
  let database: TestDatabase;
  const services = () => ({ db: database.db, config, log });
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, { onlyIfEmpty: true });
  });
  beforeEach(async () => {
    await database.db.delete(settings);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => database.dispose());

  it("takes the environment's settings until the owner overrides them", async () => {
    expect(await readShopSettings(database.db, config)).toEqual({
      privateBeta: true,
      softLaunchCode: "MOTHERSDAY10",
      freeShippingMinCents: 8000,
      standardShippingCents: 1500,
      shopTimeZone: "America/Los_Angeles",
      dunningRetryDays: "1, 3, 5, 7",
      dunningFinally: "cancel",
    });
    await database.db.insert(settings).values([
      { key: "privateBeta", value: false },
      { key: "softLaunchCode", value: sql`'null'::jsonb` },
      { key: "freeShippingMinCents", value: 12_000 },
    ]);
    expect(await readShopSettings(database.db, config)).toEqual({
      privateBeta: false,
      softLaunchCode: null,
      freeShippingMinCents: 12_000,
      standardShippingCents: 1500,
      shopTimeZone: "America/Los_Angeles",
      dunningRetryDays: "1, 3, 5, 7",
      dunningFinally: "cancel",
    });
  });

  it("ignores an override of the wrong shape, and an empty code turns the soft launch off", async () => {
    await database.db.insert(settings).values([
      { key: "freeShippingMinCents", value: "lots" },
      { key: "softLaunchCode", value: " " },
    ]);
    expect(await readShopSettings(database.db, config)).toMatchObject({
      freeShippingMinCents: 8000,
      softLaunchCode: null,
    });
  });

  it("offers the soft launch to a visit without a promotion", async () => {
    const { state, setCookies } = await loadStorefront(request("/"), services());
    expect(state).toMatchObject({
      promotion: null,
      promotionFailed: false,
      access: { beta: false, restaurant: false },
      privateBeta: true,
      freeShippingMinCents: 8000,
      standardShippingCents: 1500,
      softLaunchOffer: { code: "MOTHERSDAY10", percentOff: 10 },
    });
    expect(setCookies).toEqual([]);
  });

  it("offers no soft launch when the URL brings a code, or the code is inactive", async () => {
    const linked = await loadStorefront(request("/?promoCode=TAKE5&ref=chef_maria"), services());
    expect(linked.state.promotion?.code).toBe("TAKE5");
    expect(linked.state.softLaunchOffer).toBeNull();
    expect(linked.setCookies).toEqual([
      expect.stringMatching(/^promo=/),
      expect.stringMatching(/^affiliate=chef_maria;/),
    ]);
    const unknown = await loadStorefront(request("/?promoCode=OLDCODE"), services());
    expect(unknown.state.softLaunchOffer).toBeNull();
    await database.db.insert(settings).values({ key: "softLaunchCode", value: "OLDCODE" });
    // The owner's change shows at once.
    expect((await loadStorefront(request("/"), services())).state.softLaunchOffer).toBeNull();
  });

  it("stays up when the database does not answer, and says a linked code failed", async () => {
    const down = await createTestDatabase("pglite");
    await down.dispose();
    const broken = { ...services(), db: down.db };
    const plain = await loadStorefront(request("/"), broken);
    expect(plain.state).toMatchObject({ promotionFailed: false, privateBeta: true });
    const linked = await loadStorefront(request("/?promoCode=WELCOME10"), broken);
    expect(linked.state).toMatchObject({ promotion: null, promotionFailed: true });
  });

  it("finds influencers by slug, and nothing for unknown or malformed slugs", async () => {
    expect(await findInfluencerBySlug(database.db, "maria-papadopoulos")).toMatchObject({
      firstName: "Maria",
      couponCode: "MARIA15",
    });
    for (const slug of ["nobody", "Maria-Papadopoulos", "../etc", ""]) {
      expect(await findInfluencerBySlug(database.db, slug)).toBeNull();
    }
  });

  it("applies the influencer's coupon for the visit", async () => {
    const offer = await loadInfluencerOffer("maria-papadopoulos", services());
    expect(offer?.promotion).toMatchObject({ code: "MARIA15", percentOff: 15 });
    expect(offer?.setCookie).toMatch(/^promo=/);
    expect(await loadInfluencerOffer("nobody", services())).toBeNull();
  });
});
