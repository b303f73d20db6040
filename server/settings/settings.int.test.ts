import { gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShopSettings } from "~core/settings";
import {
  createTestDatabase,
  type TestDatabase,
  type TestEngine,
  testEngines,
} from "../../test/support/database";
import {
  accessCodeGrant,
  accessCodeStates,
  newAccessCode,
  rotateAccessCode,
} from "../access/access-codes.server";
import { parseConfig } from "../config.server";
import { auditLog, settings } from "../db/schema.server";
import { readShopSettings, readShopTimeZone, saveShopSettings } from "./settings.server";

const config = parseConfig({
  BETA_ACCESS_CODE: "beta-code-1",
  RESTAURANT_ACCESS_CODE: "chef-code-1",
  FREE_SHIPPING_MIN: "100",
  SHOP_TIMEZONE: "America/Denver",
});
const owner = { id: "owner-1", email: "owner@example.com" };

/** The audit log is append-only: each test reads the rows written after the ones before it. */
async function auditMark(db: TestDatabase["db"]): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog);
  return Number(row?.last ?? 0);
}
const otherOwner = { id: "owner-2", email: "partner@example.com" };

/**
 * A database of its own for the enclosing `describe`, without settings rows before each test;
 * `auditRows`: the rows the current test wrote (the log is append-only).
 */
function settingsDatabase(engine: TestEngine) {
  let database: TestDatabase | undefined;
  let mark = 0;
  const db = () => {
    if (!database) throw new Error("The database opens in beforeAll");
    return database.db;
  };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  beforeEach(async () => {
    await db().delete(settings);
    mark = await auditMark(db());
  });
  afterAll(() => database?.dispose());
  const auditRows = () =>
    db().select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);
  return { db, auditRows };
}

describe.each(testEngines)("the shop's settings on %s", (engine) => {
  const { db, auditRows: writtenRows } = settingsDatabase(engine);
  let initial: ShopSettings;
  beforeEach(async () => {
    initial = await readShopSettings(db(), config);
  });

  const auditRows = async () =>
    (await writtenRows()).map(({ action, actorId, subjectType, subjectId, before, after }) => ({
      action,
      actorId,
      subjectType,
      subjectId,
      before,
      after,
    }));

  it("starts from the environment, the standard shipping at $15, retries on days 1, 3, 5 and 7", () => {
    expect(initial).toEqual({
      privateBeta: false,
      softLaunchCode: null,
      freeShippingMinCents: 10_000,
      standardShippingCents: 1500,
      shopTimeZone: "America/Denver",
      dunningRetryDays: "1, 3, 5, 7",
      dunningFinally: "cancel",
    });
  });

  it("saves what the owner changed, with an audit row each, and every reader sees it at once", async () => {
    const submitted = {
      ...initial,
      freeShippingMinCents: 8000,
      standardShippingCents: 995,
      shopTimeZone: "Europe/Athens",
      softLaunchCode: "WELCOME10",
      privateBeta: true,
    };
    const saved = await saveShopSettings(db(), config, owner, { loaded: initial, submitted });
    expect(saved).toEqual({
      ok: true,
      changed: [
        "freeShippingMinCents",
        "standardShippingCents",
        "shopTimeZone",
        "softLaunchCode",
        "privateBeta",
      ],
      settings: submitted,
    });
    expect(await readShopSettings(db(), config)).toEqual(submitted);
    expect(await readShopTimeZone(db(), config)).toBe("Europe/Athens");
    expect(await auditRows()).toEqual([
      {
        action: "setting.changed",
        actorId: owner.id,
        subjectType: "setting",
        subjectId: "freeShippingMinCents",
        before: { freeShippingMinCents: 10_000 },
        after: { freeShippingMinCents: 8000 },
      },
      expect.objectContaining({
        subjectId: "standardShippingCents",
        before: { standardShippingCents: 1500 },
        after: { standardShippingCents: 995 },
      }),
      expect.objectContaining({
        before: { shopTimeZone: "America/Denver" },
        after: { shopTimeZone: "Europe/Athens" },
      }),
      expect.objectContaining({
        before: { softLaunchCode: null },
        after: { softLaunchCode: "WELCOME10" },
      }),
      expect.objectContaining({ before: { privateBeta: false }, after: { privateBeta: true } }),
    ]);
    // Turning the soft launch off again stores JSON null, read back as no modal.
    await saveShopSettings(db(), config, owner, {
      loaded: submitted,
      submitted: { ...submitted, softLaunchCode: null },
    });
    expect((await readShopSettings(db(), config)).softLaunchCode).toBeNull();
  });

  it("writes nothing, and no audit row, for a form that changes nothing", async () => {
    expect(
      await saveShopSettings(db(), config, owner, { loaded: initial, submitted: initial }),
    ).toEqual({
      ok: true,
      changed: [],
      settings: initial,
    });
    expect(await db().select().from(settings)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("keeps another owner's change: a stale form writes only its own, and refuses to overwrite theirs", async () => {
    await saveShopSettings(db(), config, otherOwner, {
      loaded: initial,
      submitted: { ...initial, freeShippingMinCents: 9000, privateBeta: true },
    });
    // Opened before that change: changes the shipping price only.
    const mine = await saveShopSettings(db(), config, owner, {
      loaded: initial,
      submitted: { ...initial, standardShippingCents: 1200 },
    });
    expect(mine).toMatchObject({ ok: true, changed: ["standardShippingCents"] });
    expect(await readShopSettings(db(), config)).toMatchObject({
      freeShippingMinCents: 9000,
      privateBeta: true,
      standardShippingCents: 1200,
    });
    // Opened before both, and changes the same two settings: refused, nothing written.
    const clash = await saveShopSettings(db(), config, owner, {
      loaded: initial,
      submitted: { ...initial, freeShippingMinCents: 7000, standardShippingCents: 1300 },
    });
    expect(clash).toMatchObject({
      ok: false,
      conflicts: ["freeShippingMinCents", "standardShippingCents"],
    });
    expect(await readShopSettings(db(), config)).toMatchObject({
      freeShippingMinCents: 9000,
      standardShippingCents: 1200,
    });
    expect((await auditRows()).map((row) => row.subjectId)).toEqual([
      "freeShippingMinCents",
      "privateBeta",
      "standardShippingCents",
    ]);
  });

  it("lets one of two owners saving the same setting at once win, and tells the other", async () => {
    const results = await Promise.all(
      [7000, 7500].map((cents) =>
        saveShopSettings(db(), config, owner, {
          loaded: initial,
          submitted: { ...initial, freeShippingMinCents: cents },
        }),
      ),
    );
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    const winner = results.find((result) => result.ok)?.settings.freeShippingMinCents;
    expect((await readShopSettings(db(), config)).freeShippingMinCents).toBe(winner);
    expect(await auditRows()).toHaveLength(1);
  });
});

describe.each(testEngines)("the access codes on %s", (engine) => {
  const { db, auditRows } = settingsDatabase(engine);

  const storedRows = () => db().select({ key: settings.key, value: settings.value }).from(settings);

  it("seeds the environment's codes as argon2id hashes, and checks codes against them", async () => {
    expect(await accessCodeGrant(db(), config, "chef-code-1", ["restaurant", "beta"])).toBe(
      "restaurant",
    );
    expect(await accessCodeGrant(db(), config, "beta-code-1", ["restaurant", "beta"])).toBe("beta");
    expect(await accessCodeGrant(db(), config, "beta-code-1", ["restaurant"])).toBeNull();
    expect(await accessCodeGrant(db(), config, "Chef-code-1", ["restaurant", "beta"])).toBeNull();
    const rows = await storedRows();
    expect(rows.map((row) => row.key).sort()).toEqual(["betaAccessCode", "restaurantAccessCode"]);
    for (const row of rows) {
      expect(row.value).toEqual({ hash: expect.stringMatching(/^\$argon2id\$/), rotatedAt: null });
    }
    expect(JSON.stringify(rows)).not.toMatch(/chef-code-1|beta-code-1/);
  });

  it("keeps the stored hash once seeded: the environment only seeds", async () => {
    await accessCodeGrant(db(), config, "anything", ["beta"]);
    const changedEnvironment = parseConfig({ BETA_ACCESS_CODE: "another-beta-code" });
    expect(await accessCodeGrant(db(), changedEnvironment, "beta-code-1", ["beta"])).toBe("beta");
    expect(
      await accessCodeGrant(db(), changedEnvironment, "another-beta-code", ["beta"]),
    ).toBeNull();
  });

  it("rotates a code: the old one stops working for every reader, the new one works, once", async () => {
    const [before] = await accessCodeStates(db(), config).then((states) =>
      states.filter((state) => state.kind === "restaurant"),
    );
    expect(before).toEqual({ kind: "restaurant", isSet: true, rotatedAt: null });
    const rotation = await rotateAccessCode(db(), config, owner, "restaurant", null);
    if (!rotation.ok) throw new Error("expected a rotation");
    expect(rotation.code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await accessCodeGrant(db(), config, "chef-code-1", ["restaurant"])).toBeNull();
    expect(await accessCodeGrant(db(), config, rotation.code, ["restaurant"])).toBe("restaurant");
    // The beta code is untouched.
    expect(await accessCodeGrant(db(), config, "beta-code-1", ["beta"])).toBe("beta");

    // The same form sent again (a second press) changes nothing: the code shown still works.
    expect(await rotateAccessCode(db(), config, owner, "restaurant", null)).toEqual({
      ok: false,
      rotatedAt: rotation.rotatedAt,
    });
    expect(await accessCodeGrant(db(), config, rotation.code, ["restaurant"])).toBe("restaurant");

    const audit = await auditRows();
    expect(audit).toEqual([
      expect.objectContaining({
        action: "setting.access_code_rotated",
        actorId: owner.id,
        subjectType: "setting",
        subjectId: "restaurantAccessCode",
        before: { rotatedAt: null },
        after: { rotatedAt: rotation.rotatedAt },
      }),
    ]);
    const everything = JSON.stringify([audit, await storedRows()]);
    expect(everything).not.toContain(rotation.code);
    expect(everything).not.toContain("chef-code-1");
  });

  it("rotates exactly once when two presses arrive together", async () => {
    await accessCodeStates(db(), config);
    const presses = await Promise.all(
      [1, 2].map(() => rotateAccessCode(db(), config, owner, "beta", null)),
    );
    const done = presses.filter((press) => press.ok);
    expect(done).toHaveLength(1);
    const code = done[0]?.ok ? done[0].code : "";
    expect(await accessCodeGrant(db(), config, code, ["beta"])).toBe("beta");
    expect(await auditRows()).toHaveLength(1);
  });

  it("gives a shop without codes one by rotation", async () => {
    const none = parseConfig({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      ALLOW_SANDBOX_PAYMENTS: "on",
    });
    expect(await accessCodeStates(db(), none)).toEqual([
      { kind: "beta", isSet: false, rotatedAt: null },
      { kind: "restaurant", isSet: false, rotatedAt: null },
    ]);
    const rotation = await rotateAccessCode(db(), none, owner, "beta", null);
    if (!rotation.ok) throw new Error("expected a rotation");
    expect(await accessCodeGrant(db(), none, rotation.code, ["beta"])).toBe("beta");
  });

  it("makes codes from a small unambiguous alphabet, different each time", () => {
    const codes = new Set(Array.from({ length: 50 }, newAccessCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).not.toMatch(/[01lo]/);
  });
});
