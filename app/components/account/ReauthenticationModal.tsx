import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { ForgotPasswordForm } from "~/components/auth/ForgotPasswordForm";
import { textLinkClass } from "~/components/auth/styles";
import { PasswordField } from "~/components/forms/account-fields";
import { SubmitButton, useFormFields } from "~/components/forms/form-kit";
import { useHydrated } from "~/components/forms/use-hydrated";
import { ModalDialog } from "~/components/overlays/ModalDialog";
import { accountTabHref } from "~core/account-urls";
import { currentPasswordFields } from "~core/auth-forms";
import { accountIntents, intentField } from "~core/form-intent";
import type { AccountInfoResult, AccountInfoValues } from "./account-info-result";

export const accountInfoSaveKey = "account-info-save";

/**
 * Asks for the current password before the account changes: the changes travel with
 * it in one submission. 'Forgot your password?' turns the modal into the reset form, with the
 * account's e-mail fixed.
 */
export function ReauthenticationModal({
  changes,
  accountEmail,
  result,
  onClose,
}: {
  changes: AccountInfoValues;
  accountEmail: string;
  /** A refusal to show (a wrong current password, too many attempts). */
  result: AccountInfoResult | undefined;
  onClose: () => void;
}) {
  const fetcher = useFetcher<AccountInfoResult>({ key: accountInfoSaveKey });
  const hydrated = useHydrated();
  const form = useFormFields(currentPasswordFields, { serverErrors: result?.fieldErrors });
  const [forgot, setForgot] = useState(false);
  const busy = fetcher.state !== "idle";
  const close = hydrated ? { onClose } : { href: accountTabHref("account-info") };

  if (forgot) {
    return (
      <ModalDialog key="forgot" title="Reset your password" close={close}>
        <ForgotPasswordForm
          fixedEmail={accountEmail}
          back={
            <button type="button" onClick={() => setForgot(false)} className={textLinkClass}>
              Back to your changes
            </button>
          }
        />
      </ModalDialog>
    );
  }
  return (
    <ModalDialog key="confirm" title="Confirm it's you" eyebrow="Account information" close={close}>
      <fetcher.Form method="post" action={accountTabHref("account-info")} className="space-y-4">
        <input type="hidden" name={intentField} value={accountIntents.saveAccountInfo} />
        {Object.entries(changes).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-sm leading-relaxed text-ink/80">
          For your security, enter your current password to save these changes.
        </p>
        <ServerErrorAlert error={result?.error} />
        <PasswordField
          {...form.field("currentPassword")}
          purpose="current"
          label="Current password"
        />
        <SubmitButton ready={form.isValid} busy={busy} busyLabel="Saving your changes...">
          Confirm
        </SubmitButton>
        {hydrated ? (
          <button type="button" onClick={() => setForgot(true)} className={textLinkClass}>
            Forgot your password?
          </button>
        ) : (
          <Link to="/forgot-password" className={textLinkClass}>
            Forgot your password?
          </Link>
        )}
      </fetcher.Form>
    </ModalDialog>
  );
}
