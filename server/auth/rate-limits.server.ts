import { createHash } from "node:crypto";
import type { Database } from "../db/client.server";
import { consumeRateLimit, type RateLimit } from "../http/rate-limit.server";

const minute = 60_000;
const hour = 60 * minute;

/**
 * How many attempts each sign-in step allows, per client address and per account (the e-mail
 * address typed). The address limit is looser because offices and mobile carriers put many
 * shoppers behind one address. Re-entering the current password on the account page counts
 * as a sign-in; asking for another verification e-mail counts per account and per address.
 */
const authRateLimits = {
  signIn: {
    ip: { limit: 30, windowMs: 15 * minute },
    account: { limit: 10, windowMs: 15 * minute },
  },
  signUp: { ip: { limit: 10, windowMs: hour }, account: { limit: 5, windowMs: hour } },
  passwordResetRequest: {
    ip: { limit: 10, windowMs: hour },
    account: { limit: 3, windowMs: hour },
  },
  passwordReset: { ip: { limit: 10, windowMs: 15 * minute } },
  verificationEmail: {
    ip: { limit: 10, windowMs: hour },
    account: { limit: 3, windowMs: hour },
  },
  /**
   * Codes from an authenticator app or backup codes, and the password asked again around them.
   * Each sign-in challenge also allows only five tries; a signed-in session giving its code
   * counts per account.
   */
  twoFactor: {
    ip: { limit: 20, windowMs: 15 * minute },
    account: { limit: 10, windowMs: 15 * minute },
  },
} satisfies Record<string, { ip: RateLimit; account?: RateLimit }>;

export type AuthStep = keyof typeof authRateLimits;

export interface AuthAttempt {
  clientIp: string;
  /** The e-mail address the attempt names, when it names one. */
  email?: string;
}

/** Keeps typed e-mail addresses out of the counters table. */
function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

/**
 * Counts one attempt at `step`. Returns null when it may proceed, or the seconds to wait.
 * The address is checked first, so a blocked address does not use up an account's allowance.
 */
export async function consumeAuthAttempt(
  db: Database,
  step: AuthStep,
  attempt: AuthAttempt,
  now = new Date(),
): Promise<{ retryAfterSeconds: number } | null> {
  const rules: { ip: RateLimit; account?: RateLimit } = authRateLimits[step];
  const byIp = await consumeRateLimit(db, `auth:${step}:ip:${attempt.clientIp}`, rules.ip, now);
  if (!byIp.allowed) return { retryAfterSeconds: byIp.retryAfterSeconds };
  if (!rules.account || !attempt.email) return null;
  const key = `auth:${step}:account:${accountKey(attempt.email)}`;
  const byAccount = await consumeRateLimit(db, key, rules.account, now);
  return byAccount.allowed ? null : { retryAfterSeconds: byAccount.retryAfterSeconds };
}
