/**
 * The fields of the sign-in, registration, password and account forms. The browser checks them
 * as the shopper types; the actions check them again with `parseForm`.
 */

import { type Validator, validators } from "./field-rules";
import type { ServerError } from "./result";

export type FormFields = Record<string, Validator>;

export type FieldErrors = Partial<Record<string, string>>;

export type ParsedForm<F extends FormFields> =
  | { ok: true; values: Record<keyof F, string> }
  | { ok: false; fieldErrors: FieldErrors };

/** Passwords are checked after trimming but kept exactly as typed. */
const passwordFieldNames = new Set(["password", "newPassword", "currentPassword"]);

/** An empty new password keeps the current one. */
const optionalNewPassword: Validator = (value) =>
  value === "" ? null : validators.password(value);

export const signInFields = {
  email: validators.email,
  password: validators.password,
} satisfies FormFields;

const nameFields = {
  firstName: validators.firstName,
  lastName: validators.lastName,
} satisfies FormFields;

export const registerFields = {
  ...nameFields,
  email: validators.email,
  password: validators.password,
} satisfies FormFields;

/** The create-account page's forms use the short password message. */
export const guestSignInFields = {
  email: validators.email,
  password: validators.passwordShort,
} satisfies FormFields;

/** Creating the account of a guest: the e-mail is the guest's, fixed, and not read from the form. */
export const guestAccountFields = {
  ...nameFields,
  password: validators.passwordShort,
} satisfies FormFields;

export const forgotPasswordFields = { email: validators.email } satisfies FormFields;

/** The owner's invitation of a new member of staff. */
export const staffInvitationFields = { email: validators.email } satisfies FormFields;

export const twoFactorCodeFields = { code: validators.twoFactorCode } satisfies FormFields;

export const backupCodeFields = { code: validators.backupCode } satisfies FormFields;

/**
 * The second step of a sign-in to an account with two-factor sign-in: a code from the
 * authenticator app, or one of the backup codes.
 */
export const secondFactorFields = { app: twoFactorCodeFields, backup: backupCodeFields } as const;
export type SecondFactorMethod = keyof typeof secondFactorFields;

/** The method a page address or a form names: the app's code unless it names a backup code. */
export function secondFactorMethodOf(value: unknown): SecondFactorMethod {
  return value === "backup" ? "backup" : "app";
}

/** A typed code as it is checked: without spaces, and a backup code with its dash. */
export function typedSecondFactorCode(method: SecondFactorMethod, typed: string): string {
  const code = typed.replace(/\s/g, "");
  if (method === "app" || code.includes("-")) return code;
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const twoFactorPasswordFields = { password: validators.passwordShort } satisfies FormFields;

export const resetPasswordFields = { newPassword: validators.password } satisfies FormFields;

export const accountInfoFields = {
  ...nameFields,
  email: validators.emailOnAccountEdit,
  newPassword: optionalNewPassword,
} satisfies FormFields;

export const currentPasswordFields = {
  currentPassword: validators.passwordShort,
} satisfies FormFields;

export const reauthenticationFields = {
  ...accountInfoFields,
  ...currentPasswordFields,
} satisfies FormFields;

/** Reads a submitted form: every field's value, or every invalid field's message. */
export function parseForm<F extends FormFields>(fields: F, form: FormData): ParsedForm<F> {
  const values: Partial<Record<keyof F, string>> = {};
  const fieldErrors: FieldErrors = {};
  for (const [name, validate] of Object.entries(fields)) {
    const submitted = form.get(name);
    const raw = typeof submitted === "string" ? submitted : "";
    const message = validate(raw);
    if (message) fieldErrors[name] = message;
    values[name as keyof F] = passwordFieldNames.has(name) ? raw : raw.trim();
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, values: values as Record<keyof F, string> };
}

/** What the sign-in, registration and password actions answer when they do not redirect. */
export interface AuthFormResult {
  error?: ServerError;
  fieldErrors?: FieldErrors;
  /** The submitted values worth keeping in the form (never a password). */
  values?: Partial<Record<string, string>>;
  /** The reset e-mail was requested. */
  sent?: boolean;
}
