import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { track } from "~/components/analytics/track";
import { EmailField } from "~/components/forms/account-fields";
import { SubmitButton, useFormFields } from "~/components/forms/form-kit";
import type { AuthFormResult } from "~core/auth-forms";
import { forgotPasswordFields } from "~core/auth-forms";

export interface ForgotPasswordFormProps {
  /** An e-mail the page already knows (a signed-in user's): shown fixed and disabled. */
  fixedEmail?: string;
  /** An e-mail typed earlier, offered for editing. */
  initialEmail?: string;
  /** 'Back to sign in' or its equivalent. */
  back?: ReactNode;
  pageResult?: AuthFormResult;
}

/** Asks for a reset link: 'Looking for your account', then the check-your-email message. */
export function ForgotPasswordForm({
  fixedEmail,
  initialEmail,
  back,
  pageResult,
}: ForgotPasswordFormProps) {
  const fetcher = useFetcher<AuthFormResult>();
  const result = fetcher.data ?? pageResult;
  const form = useFormFields(forgotPasswordFields, {
    initialValues: { email: fixedEmail ?? result?.values?.email ?? initialEmail },
    serverErrors: result?.fieldErrors,
  });
  const busy = fetcher.state !== "idle";
  const sent = !busy && result?.sent === true;
  return (
    <div className="space-y-4">
      <p
        role="status"
        className={
          sent ? "rounded-lg bg-olive-100 px-4 py-3 font-semibold text-olive-950" : "sr-only"
        }
      >
        {busy
          ? "Looking for your account"
          : sent
            ? "Please check your email to reset your password"
            : ""}
      </p>
      {sent ? null : (
        <fetcher.Form
          method="post"
          action="/forgot-password"
          className="space-y-4"
          onSubmit={() => track({ name: "forgot_password" })}
        >
          <p className="text-sm leading-relaxed text-ink/80">
            Enter the e-mail address of your account and we will send you a link to choose a new
            password.
          </p>
          <ServerErrorAlert error={result?.error} />
          <EmailField {...form.field("email")} fixed={Boolean(fixedEmail)} />
          <SubmitButton ready={form.isValid} busy={busy} busyLabel="Looking for your account">
            Send reset link
          </SubmitButton>
        </fetcher.Form>
      )}
      {back}
    </div>
  );
}
