import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { SubmitButton, TextField, useFormFields } from "~/components/forms/form-kit";
import { type AuthFormResult, twoFactorCodeFields } from "~/core/auth-forms";

/** The code field of an authenticator app, and what to do with it; a plain form without scripts. */
export function TwoFactorCodeForm({
  result,
  submitLabel,
  hiddenFields,
  children,
}: {
  result: AuthFormResult | undefined;
  submitLabel: string;
  /** Values the form carries along (where to go next, what the page showed). */
  hiddenFields?: Record<string, string>;
  /** Shown above the field. */
  children?: ReactNode;
}) {
  const form = useFormFields(twoFactorCodeFields, { serverErrors: result?.fieldErrors });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4" noValidate>
      {children}
      <ServerErrorAlert error={result?.error} />
      {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextField
        {...form.field("code")}
        label="Code from your authenticator app"
        hint="Six digits, for example 123456"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
      />
      <SubmitButton ready={form.isValid} busy={busy} busyLabel="Checking the code">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
