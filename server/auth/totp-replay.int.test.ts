import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { testAuthSecret } from "../../test/support/shop";
import { totpCode } from "../../test/support/totp";
import { twoFactors, users } from "../db/schema.server";
import { claimTotpStep } from "./totp-replay.server";

/** A secret as Better Auth makes it (32 characters), and as the app's QR code carries it. */
const secret = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const base32Secret = "IFBEGRCFIZDUQSKKJNGE2TSPKBIVEU2UKVLFOWCZLIZDGNBVGY3Q";

describe.each(testEngines)("the replay guard of app codes on %s", (engine) => {
  let database: TestDatabase;
  const userId = "clerk-1";
  const now = Date.parse("2026-11-26T10:00:10Z");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(users)
      .values({ id: userId, name: "Clerk", email: "clerk@example.com" });
    await database.db.insert(twoFactors).values({
      id: "two-factor-1",
      userId,
      secret: await symmetricEncrypt({ key: testAuthSecret, data: secret }),
      backupCodes: "[]",
    });
  });
  afterAll(() => database.dispose());

  const claim = (code: string, at = now) =>
    claimTotpStep(database.db, testAuthSecret, userId, code, at);

  it("accepts one of two concurrent uses of a code, then no code of that step or before", async () => {
    const code = totpCode(base32Secret, now);
    const results = await Promise.all([claim(code), claim(code)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await claim(code)).toBe(false);
    expect(await claim(totpCode(base32Secret, now - 30_000))).toBe(false);
    const [row] = await database.db
      .select({ lastUsedStep: twoFactors.lastUsedStep })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    expect(row?.lastUsedStep).toBe(Math.floor(now / 30_000));
  });

  it("accepts the next step's code once, and refuses a code that matches no step near now", async () => {
    expect(await claim(totpCode(base32Secret, now + 30_000))).toBe(true);
    expect(await claim(totpCode(base32Secret, now + 30_000))).toBe(false);
    expect(await claim(totpCode(base32Secret, now + 10 * 60_000))).toBe(false);
  });
});
