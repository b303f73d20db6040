import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { SubmitButton, TextField, useFormFields } from "~/components/forms/form-kit";
import { type AuthFormResult, twoFactorPasswordFields } from "~core/auth-forms";
import { intentField, type profileIntents, type twoFactorIntents } from "~core/form-intent";

/** A form that asks for the password again before a change to two-factor sign-in. */
export function PasswordAgainForm({
  intent,
  result,
  submitLabel,
  children,
}: {
  intent: typeof twoFactorIntents.start | typeof profileIntents.newBackupCodes;
  result: AuthFormResult | undefined;
  submitLabel: string;
  /** Shown above the field: what the password is asked for. */
  children: ReactNode;
}) {
  const form = useFormFields(twoFactorPasswordFields, { serverErrors: result?.fieldErrors });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4" noValidate>
      {children}
      <ServerErrorAlert error={result?.error} />
      <input type="hidden" name={intentField} value={intent} />
      <TextField
        {...form.field("password")}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton ready={form.isValid} busy={busy} busyLabel="Checking your password">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
