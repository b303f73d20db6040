import type { AuthFormResult, accountInfoFields } from "~core/auth-forms";

/** The account information as typed: what the form sends and the page's modal confirms. */
export type AccountInfoValues = Record<keyof typeof accountInfoFields, string>;

/** The account action's answer: what to confirm with the current password, or why it failed. */
export interface AccountInfoResult extends AuthFormResult {
  /** The changes awaiting the current password (the page's modal, before JavaScript loads). */
  review?: AccountInfoValues;
}

/** Failures the shopper fixes in the re-authentication modal; others are the profile's. */
export function isReauthenticationFailure(result: AccountInfoResult): boolean {
  const code = result.error?.code;
  return (
    code === "INVALID_PASSWORD" ||
    code === "TOO_MANY_REQUESTS" ||
    Boolean(result.fieldErrors?.currentPassword)
  );
}
