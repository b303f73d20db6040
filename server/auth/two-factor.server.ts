/**
 * Two-factor sign-in with an authenticator app (TOTP), as Better Auth's plugin provides it:
 * enrolment from a signed-in session, then a code at every password sign-in.
 */
import qrcode from "qrcode-generator";
import type { ShopContext } from "../http/context.server";
import { callAuth, limitAttempt, type Outcome, requestHeaders } from "./outcome.server";

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
  services: ShopContext,
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

/**
 * Checks a code: during enrolment it confirms the secret (the session is replaced by one of an
 * enrolled account); during sign-in it opens the session the password began.
 */
export async function verifyTwoFactorCode(
  services: ShopContext,
  request: Request,
  code: string,
): Promise<Outcome> {
  const limited = await limitAttempt(services, "twoFactor");
  if (limited) return limited;
  const verified = await callAuth(() =>
    services.auth.api.verifyTOTP({
      body: { code: code.replace(/\s/g, "") },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
  if (!verified.ok && verified.error.code === expiredChallenge.code) {
    return { ...verified, error: expiredChallenge };
  }
  return verified;
}
