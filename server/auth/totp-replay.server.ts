/**
 * A code from an authenticator app is accepted once. Better Auth accepts a code for its 30-second
 * step and the steps either side (RFC 6238: HMAC-SHA1, 6 digits), as often as it is sent; the
 * shop remembers the last step whose code each account used and accepts only a later one
 * (RFC 6238, section 5.2).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { twoFactors } from "../db/schema.server";

const stepMilliseconds = 30_000;
const codeDigits = 6;
/** The steps either side of the current one that Better Auth accepts, for clocks that drift. */
const driftSteps = 1;

/** The HOTP code (RFC 4226) of `key` for the counter `step`. */
export function hotpCode(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** codeDigits).padStart(codeDigits, "0");
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The step, within the drift around `at`, whose code `code` is (the latest if several); or null. */
export function totpStepOf(key: Buffer, code: string, at: number): number | null {
  const current = Math.floor(at / stepMilliseconds);
  for (let step = current + driftSteps; step >= current - driftSteps; step -= 1) {
    if (sameCode(hotpCode(key, step), code)) return step;
  }
  return null;
}

/**
 * Records that the account `userId` used `code`, a code Better Auth has just accepted. True when
 * its step is later than any step the account used before; false for a code used already (or
 * one that matches no step any more). The compare-and-set in one UPDATE lets one of two
 * concurrent uses of a code through, never both.
 */
export async function claimTotpStep(
  db: Database,
  authSecret: string,
  userId: string,
  code: string,
  at = Date.now(),
): Promise<boolean> {
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return false;
  // Better Auth keys the app's HMAC with the secret's own characters, as UTF-8.
  const secret = await symmetricDecrypt({ key: authSecret, data: row.secret });
  const step = totpStepOf(Buffer.from(secret, "utf8"), code, at);
  if (step === null) return false;
  const claimed = await db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}
