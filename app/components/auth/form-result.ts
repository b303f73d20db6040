import type { ServerError } from "~/components/alerts/ServerErrorAlert";
import type { FieldErrors } from "~/core/auth-forms";

/** What the sign-in, registration and password actions answer when they do not redirect. */
export interface AuthFormResult {
  error?: ServerError;
  fieldErrors?: FieldErrors;
  /** The submitted values worth keeping in the form (never a password). */
  values?: Partial<Record<string, string>>;
  /** The reset e-mail was requested. */
  sent?: boolean;
}
