import { Form, Link, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { PasswordField } from "~/components/forms/account-fields";
import { SubmitButton, useFormFields } from "~/components/forms/form-kit";
import type { AuthFormResult } from "~core/auth-forms";
import { resetPasswordFields } from "~core/auth-forms";
import { textLinkClass } from "./styles";

/** Where the e-mailed link lands: a new password for the account of `token`. */
export function ResetPasswordForm({
  token,
  result,
}: {
  token: string;
  result: AuthFormResult | undefined;
}) {
  const form = useFormFields(resetPasswordFields, { serverErrors: result?.fieldErrors });
  const busy = useNavigation().formAction?.startsWith("/reset-password") ?? false;
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <ServerErrorAlert error={result?.error} />
      {result?.error?.code === "INVALID_TOKEN" ? (
        <p className="text-sm text-ink/80">
          Reset links work once and for 30 minutes.{" "}
          <Link to="/forgot-password" className={textLinkClass}>
            Send me a new link
          </Link>
        </p>
      ) : null}
      <PasswordField {...form.field("newPassword")} purpose="new" label="New password" />
      <SubmitButton ready={form.isValid} busy={busy} busyLabel="Saving your new password...">
        Save new password
      </SubmitButton>
    </Form>
  );
}
