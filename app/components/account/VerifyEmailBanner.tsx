import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { verificationLinkLifetimeHours } from "~core/auth";
import { accountIntents, intentField } from "~core/form-intent";
import { type AccountActionResult, useAccountAction } from "./action-result";

/** The banner's action: its answers carry it as their target, apart from the tabs' answers. */

export function isVerificationResult(result: AccountActionResult): boolean {
  return result.target === accountIntents.resendVerification;
}

/**
 * Until the account's e-mail is verified: what that means, and another link on request. The
 * button is a form post, so it works before JavaScript loads.
 */
export function VerifyEmailBanner({
  email,
  action,
  pageResult,
}: {
  email: string;
  /** The account page as it is open, which the form posts to. */
  action: string;
  /** The answer to the form posted before JavaScript loaded. */
  pageResult: AccountActionResult | undefined;
}) {
  const { fetcher, refusal } = useAccountAction(pageResult, "verification_email_error");
  const sent = (fetcher.data ?? pageResult)?.ok === true;
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="verify-email-heading"
      className="mt-8 rounded-2xl border border-gold-500 bg-gold-200/40 p-5 sm:p-6 lg:mt-10"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
        <div className="max-w-prose">
          <h2 id="verify-email-heading" className="text-2xl">
            Please verify your e-mail address
          </h2>
          <p className="mt-2 leading-relaxed text-ink/90">
            We sent a link to <strong className="break-all text-olive-950">{email}</strong>. Until
            you open it, orders paid with this address without signing in are not added to your
            account.
          </p>
          {sent ? (
            <p role="status" className="mt-2 font-semibold text-olive-900">
              We sent a new link. It works for {verificationLinkLifetimeHours} hours.
            </p>
          ) : null}
        </div>
        <fetcher.Form method="post" action={action} className="shrink-0">
          <input type="hidden" name={intentField} value={accountIntents.resendVerification} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Sending..." : "Resend"}
          </button>
        </fetcher.Form>
      </div>
      {refusal ? (
        <div className="mt-4">
          <ServerErrorAlert error={refusal.error} />
        </div>
      ) : null}
    </section>
  );
}
