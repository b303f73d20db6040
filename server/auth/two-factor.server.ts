/**
 * Two-factor sign-in with an authenticator app (TOTP), as Better Auth's plugin provides it:
 * enrolment from a signed-in session, then a code (or a backup code) at every password sign-in,
 * and from any session of the account that has not given one. A session that did is marked
 * (`session.two_factor_verified_at`): the back office serves no other.
 */
import { and, eq, ne, type SQL } from "drizzle-orm";
import qrcode from "qrcode-generator";
import { type SecondFactorMethod, typedSecondFactorCode } from "~core/auth-forms";
import { isStaffRole, type UserRole } from "~core/staff";
import type { Database } from "../db/client.server";
import { sessions } from "../db/schema.server";
import { cookieHeader } from "../http/cookies.server";
import type { AuthServices } from "./context.server";
import { callAuth, limitAttempt, type Outcome, requestHeaders } from "./outcome.server";
import { type CurrentSession, lookUpSession } from "./session.server";
import { claimTotpStep } from "./totp-replay.server";

/** What the enrolment page shows: the app's QR code and the same secret as text. */
export interface TwoFactorSetup {
  /** The `otpauth://` address the QR code holds. */
  totpUri: string;
  /** The secret in base32, as authenticator apps ask for it when it is typed. */
  secret: string;
  /** Dark modules of the QR code, row by row. */
  qrModules: boolean[][];
  /** One-time codes for when the phone is lost; shown once. */
  backupCodes: string[];
}

/** The QR code of `text` as rows of dark (true) and light modules. */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => code.isDark(row, column)),
  );
}

/** The base32 secret of an `otpauth://` address, or "" when it has none. */
export function totpSecretOf(totpUri: string): string {
  return new URL(totpUri).searchParams.get("secret") ?? "";
}

/** The setup the enrolment page shows for `totpUri`. */
export function twoFactorSetup(totpUri: string, backupCodes: string[]): TwoFactorSetup {
  return { totpUri, secret: totpSecretOf(totpUri), qrModules: qrModules(totpUri), backupCodes };
}

/**
 * The setup the enrolment page showed, sent back with its form so that a mistyped code shows
 * it again; null when the form does not carry a TOTP address. It is only shown, never trusted:
 * the secret that counts is the one Better Auth stored.
 */
export function twoFactorSetupFromForm(form: FormData): TwoFactorSetup | null {
  const totpUri = form.get("totpUri");
  const backupCodes = form.get("backupCodes");
  if (typeof totpUri !== "string" || !totpUri.startsWith("otpauth://totp/")) return null;
  if (typeof backupCodes !== "string" || !URL.canParse(totpUri)) return null;
  return twoFactorSetup(totpUri, backupCodes.split(/\s+/).filter(Boolean).slice(0, 20));
}

/**
 * Starts enrolment: the password is asked again, a new secret is made (replacing one not yet
 * confirmed) and returned for the authenticator app.
 */
export async function startTwoFactorEnrolment(
  services: AuthServices,
  request: Request,
  password: string,
): Promise<Outcome<{ setup: TwoFactorSetup }>> {
  const limited = await limitAttempt(services, "twoFactor");
  if (limited) return limited;
  const started = await callAuth(() =>
    services.auth.api.enableTwoFactor({
      body: { password },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
  if (!started.ok) return started;
  const enabled = started.response;
  if (enabled.method !== "totp")
    throw new Error("Two-factor enrolment did not return a TOTP secret");
  return {
    ok: true,
    cookies: started.cookies,
    setup: twoFactorSetup(enabled.totpURI, enabled.backupCodes),
  };
}

/** Better Auth's words for a sign-in whose password step is missing or older than ten minutes. */
const expiredChallenge = {
  message: "This sign-in has expired. Please sign in with your password again.",
  code: "INVALID_TWO_FACTOR_COOKIE",
};

/** A code from the app whose 30-second step the account used already. */
const codeUsed = {
  /** At the password sign-in: the sign-in is used up as well. */
  signingIn: {
    message:
      "This code has already been used. Please sign in again and enter the next code from your app.",
    code: "TOTP_CODE_USED",
  },
  /** From a signed-in session: the next code will do. */
  signedIn: {
    message: "This code has already been used. Please wait for the next code in your app.",
    code: "TOTP_CODE_USED",
  },
};

/**
 * Better Auth's check of a code: the app's with `verifyTOTP`, a backup code with
 * `verifyBackupCode`, which uses it up. During a password sign-in either opens the session and
 * answers its token; from a signed-in session it answers that session's token.
 */
function checkCode(
  services: AuthServices,
  request: Request,
  method: SecondFactorMethod,
  code: string,
) {
  const call = {
    body: { code },
    headers: requestHeaders(services, request),
    returnHeaders: true as const,
  };
  return callAuth<{ token?: string; user: { id: string; role?: string | null } }>(() =>
    method === "app"
      ? services.auth.api.verifyTOTP(call)
      : services.auth.api.verifyBackupCode(call),
  );
}

/** Marks the session `where` selects as one that gave its second factor. */
async function markVerified(db: Database, where: SQL): Promise<void> {
  await db.update(sessions).set({ twoFactorVerifiedAt: new Date() }).where(where);
}

/**
 * The second factor of a sign-in, or of a signed-in session that owes it (`needsSecondFactor`):
 * a code from the app, accepted once per 30-second step, or a backup code, accepted once. The
 * session it opens or continues is marked as verified; a code used already opens nothing, and
 * the session Better Auth opened for it during a sign-in is ended.
 */
export async function giveSecondFactor(
  services: AuthServices,
  request: Request,
  factor: { method: SecondFactorMethod; code: string },
  signedIn: CurrentSession | null,
): Promise<Outcome<{ role: UserRole }>> {
  const limited = await limitAttempt(services, "twoFactor", signedIn?.user.email);
  if (limited) return limited;
  const code = typedSecondFactorCode(factor.method, factor.code);
  const verified = await checkCode(services, request, factor.method, code);
  if (!verified.ok) {
    return verified.error.code === expiredChallenge.code
      ? { ...verified, error: expiredChallenge }
      : verified;
  }
  const { token, user } = verified.response;
  if (!token) throw new Error("Better Auth answered a verified code without a session");
  const { db, config } = services;
  if (factor.method === "app" && !(await claimTotpStep(db, config.authSecret, user.id, code))) {
    if (!signedIn) await db.delete(sessions).where(eq(sessions.token, token));
    return { ok: false, error: signedIn ? codeUsed.signedIn : codeUsed.signingIn, status: 401 };
  }
  await markVerified(db, eq(sessions.token, token));
  return {
    ok: true,
    cookies: verified.cookies,
    role: isStaffRole(user.role) ? user.role : "customer",
  };
}

/**
 * Confirms the enrolment with a first code from the app: Better Auth turns two-factor sign-in on
 * and replaces the session with a new one, which is marked as verified; every other session of
 * the account ends, whoever opened it with the password before.
 */
export async function confirmTwoFactorEnrolment(
  services: AuthServices,
  request: Request,
  typedCode: string,
): Promise<Outcome<{ otherSessionsEnded: number }>> {
  const limited = await limitAttempt(services, "twoFactor");
  if (limited) return limited;
  const code = typedSecondFactorCode("app", typedCode);
  const verified = await checkCode(services, request, "app", code);
  if (!verified.ok) return verified;
  const userId = verified.response.user.id;
  const { db, config } = services;
  if (!(await claimTotpStep(db, config.authSecret, userId, code))) {
    return { ok: false, error: codeUsed.signedIn, status: 401 };
  }
  const opened = await lookUpSession(
    services.auth,
    new Headers({ Cookie: cookieHeader(verified.cookies) }),
  );
  const session = opened.session;
  if (!session) throw new Error("Two-factor enrolment opened no session");
  const otherSessionsEnded = await db.transaction(async (tx) => {
    await markVerified(tx, eq(sessions.id, session.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, session.id)))
      .returning({ id: sessions.id });
    return ended.length;
  });
  return { ok: true, cookies: verified.cookies, otherSessionsEnded };
}

/** New backup codes, replacing the old ones, once the password is given again; shown once. */
export async function renewBackupCodes(
  services: AuthServices,
  request: Request,
  account: { email: string; password: string },
): Promise<Outcome<{ backupCodes: string[] }>> {
  const limited = await limitAttempt(services, "twoFactor", account.email);
  if (limited) return limited;
  const renewed = await callAuth(() =>
    services.auth.api.generateBackupCodes({
      body: { password: account.password },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
  if (!renewed.ok) return renewed;
  return { ok: true, cookies: renewed.cookies, backupCodes: renewed.response.backupCodes };
}

/** How many of its backup codes the enrolled account `userId` has not used yet. */
export async function backupCodesLeft(services: AuthServices, userId: string): Promise<number> {
  const { backupCodes } = await services.auth.api.viewBackupCodes({ body: { userId } });
  return backupCodes.length;
}
