import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { take5, welcome10 } from "../../test/support/promotions";
import { promotions } from "../db/schema.server";
import { seedDemoData } from "../db/seed/seed.server";
import { findActivePromotion, lookUpPromotion } from "./promotions.server";
import { keepPromotionForVisit, resolveVisitPromotion } from "./visit.server";

const config = { publicUrl: "http://localhost:3000" };

function request(path: string, cookie?: string) {
  return new Request(`http://localhost:3000${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
const sentBack = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

describe.each(testEngines)("promotions on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, { onlyIfEmpty: true });
  });
  afterAll(() => database.dispose());

  it("finds an active promotion whatever the case of the code", async () => {
    expect(await findActivePromotion(database.db, "welcome10")).toEqual(welcome10);
    expect(await findActivePromotion(database.db, " Take5 ")).toMatchObject({
      code: "TAKE5",
      amountOffCents: 500,
      freeShipping: false,
      eligibleItemIds: null,
      minSubtotalCents: 0,
      perCustomerLimited: false,
    });
  });

  it("gives null for inactive, unknown and malformed codes", async () => {
    for (const code of ["OLDCODE", "NOPE", "", "WELCOME10'; drop table promotion; --", "%"]) {
      expect(await findActivePromotion(database.db, code)).toBeNull();
    }
  });

  it("tells an expired code from an unknown one", async () => {
    expect(await lookUpPromotion(database.db, "oldcode")).toEqual({
      status: "refused",
      reason: "expired",
      code: "OLDCODE",
    });
    for (const code of ["NOPE", "%"]) {
      expect(await lookUpPromotion(database.db, code)).toEqual({ status: "unknown" });
    }
  });

  it("keeps a linked code for the visit and reads it back on the next page", async () => {
    const linked = await resolveVisitPromotion(
      request("/?promoCode=welcome10"),
      database.db,
      config,
    );
    expect(linked.promotion?.code).toBe("WELCOME10");
    expect(linked.linkedCode).toEqual({ status: "applied" });
    expect(linked.setCookie).toMatch(/^promo=.*HttpOnly/);
    expect(linked.setCookie).not.toMatch(/Max-Age|Expires/);
    const next = await resolveVisitPromotion(
      request("/our-story", sentBack(linked.setCookie)),
      database.db,
      config,
    );
    expect(next).toEqual({ promotion: linked.promotion, linkedCode: null, setCookie: null });
  });

  it("lets an expired or unknown linked code replace the kept one, and says why", async () => {
    const kept = sentBack(keepPromotionForVisit(take5, config));
    for (const [code, linkedCode] of [
      ["oldcode", { status: "refused", reason: "expired", code: "OLDCODE" }],
      ["NOPE", { status: "invalid" }],
    ] as const) {
      const visit = await resolveVisitPromotion(
        request(`/?promoCode=${code}`, kept),
        database.db,
        config,
      );
      expect(visit.promotion).toBeNull();
      expect(visit.linkedCode).toEqual(linkedCode);
      expect(visit.setCookie).toMatch(/^promo=;.*Max-Age=0/);
    }
    const fresh = await resolveVisitPromotion(request("/?promoCode=OLDCODE"), database.db, config);
    expect(fresh).toEqual({
      promotion: null,
      linkedCode: { status: "refused", reason: "expired", code: "OLDCODE" },
      setCookie: null,
    });
  });

  it("looks nothing up past the client's limit, keeping the visit's code", async () => {
    const kept = sentBack(keepPromotionForVisit(take5, config));
    const refused = await resolveVisitPromotion(
      request("/?promoCode=OLDCODE", kept),
      database.db,
      config,
      true,
    );
    expect(refused.promotion?.code).toBe("TAKE5");
    expect(refused.linkedCode).toBeNull();
  });

  it("forgets a kept code once the owner deactivates it", async () => {
    await database.db.insert(promotions).values({
      code: "SPRING20",
      couponId: "SPRING20",
      percentOff: 20,
      active: false,
    });
    const kept = sentBack(
      keepPromotionForVisit(
        {
          code: "SPRING20",
          couponId: "SPRING20",
          percentOff: 20,
          amountOffCents: null,
          freeShipping: false,
          eligibleItemIds: null,
          minSubtotalCents: 0,
          perCustomerLimited: false,
        },
        config,
      ),
    );
    const visit = await resolveVisitPromotion(request("/", kept), database.db, config);
    expect(visit.promotion).toBeNull();
    expect(visit.setCookie).toMatch(/^promo=;.*Max-Age=0/);
  });
});
