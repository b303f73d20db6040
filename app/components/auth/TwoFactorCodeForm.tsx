import type { InputHTMLAttributes, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { SubmitButton, TextField, useFormFields } from "~/components/forms/form-kit";
import { type AuthFormResult, type SecondFactorMethod, secondFactorFields } from "~core/auth-forms";

type CodeInput = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "inputMode" | "autoComplete" | "autoCapitalize" | "spellCheck" | "pattern" | "maxLength"
>;

/** How each kind of code is asked for. */
const codeInputs: Record<SecondFactorMethod, { label: string; hint: string; input: CodeInput }> = {
  app: {
    label: "Code from your authenticator app",
    hint: "Six digits, for example 123456",
    input: {
      inputMode: "numeric",
      autoComplete: "one-time-code",
      pattern: "[0-9 ]{6,7}",
      maxLength: 7,
    },
  },
  backup: {
    label: "Backup code",
    hint: "Ten letters and digits, for example abcde-12345",
    input: { autoComplete: "off", autoCapitalize: "none", spellCheck: false, maxLength: 13 },
  },
};

/**
 * The code field of an authenticator app (or a backup code's), and what to do with it; a plain
 * form without scripts.
 */
export function TwoFactorCodeForm({
  result,
  submitLabel,
  method = "app",
  hiddenFields,
  children,
}: {
  result: AuthFormResult | undefined;
  submitLabel: string;
  method?: SecondFactorMethod;
  /** Values the form carries along (where to go next, what the page showed). */
  hiddenFields?: Record<string, string>;
  /** Shown above the field. */
  children?: ReactNode;
}) {
  const form = useFormFields(secondFactorFields[method], { serverErrors: result?.fieldErrors });
  const busy = useNavigation().state === "submitting";
  const { label, hint, input } = codeInputs[method];
  return (
    <Form method="post" className="space-y-4" noValidate>
      {children}
      <ServerErrorAlert error={result?.error} />
      {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextField {...form.field("code")} {...input} label={label} hint={hint} />
      <SubmitButton ready={form.isValid} busy={busy} busyLabel="Checking the code">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
