import { TwoFactorCodeForm } from "~/components/auth/TwoFactorCodeForm";
import type { Route } from "~/routes/+types/admin.two-factor";
import type { AuthFormResult } from "~core/auth-forms";
import { intentField, twoFactorIntents } from "~core/form-intent";
import { BackupCodeList } from "./BackupCodeList";
import { PasswordAgainForm } from "./PasswordAgainForm";
import { QrCode } from "./QrCode";

/** What the enrolment's forms answer: the setup once the password was confirmed, or why not. */
type EnrolmentResult = NonNullable<Route.ComponentProps["actionData"]>;
type EnrolmentSetup = NonNullable<EnrolmentResult["setup"]>;

/** The secret in groups of four, as authenticator apps show and accept it. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

function ConfirmPassword({ result }: { result: AuthFormResult | undefined }) {
  return (
    <PasswordAgainForm intent={twoFactorIntents.start} result={result} submitLabel="Continue">
      <p className="text-base leading-relaxed text-ink/80">
        The back office asks for a code from an authenticator app (Google Authenticator, 1Password,
        Authy…) at every sign-in. Confirm your password to set it up.
      </p>
    </PasswordAgainForm>
  );
}

function ScanAndConfirm({ setup, result }: { setup: EnrolmentSetup; result: EnrolmentResult }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="scan-heading" className="space-y-4">
        <h2 id="scan-heading" className="text-2xl">
          1. Add the shop to your app
        </h2>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <QrCode modules={setup.qrModules} label="QR code for your authenticator app" />
          <div className="space-y-2">
            <p className="text-sm text-ink/80">Scan the code, or type this key into the app:</p>
            <p className="rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider break-all text-ink">
              <span className="sr-only">Key: </span>
              <span data-testid="totp-secret">{groupedSecret(setup.secret)}</span>
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="backup-heading" className="space-y-3">
        <h2 id="backup-heading" className="text-2xl">
          2. Keep your backup codes
        </h2>
        <p className="text-sm text-ink/80">
          Each works once, instead of a code from the app, if you lose your phone. They are shown
          only now.
        </p>
        <BackupCodeList codes={setup.backupCodes} />
      </section>
      <section aria-labelledby="confirm-heading" className="space-y-3">
        <h2 id="confirm-heading" className="text-2xl">
          3. Enter a code from the app
        </h2>
        <TwoFactorCodeForm
          result={result}
          submitLabel="Turn on two-factor sign-in"
          hiddenFields={{
            [intentField]: twoFactorIntents.verify,
            totpUri: setup.totpUri,
            backupCodes: setup.backupCodes.join(" "),
          }}
        />
      </section>
    </div>
  );
}

/** Enrolment in two-factor sign-in: the password, then the app's QR code and a first code. */
export function TwoFactorEnrolment({ result }: { result: EnrolmentResult | undefined }) {
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-olive-200 bg-cream p-6 shadow-sm sm:p-10">
      <p className="eyebrow">Before you start</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">Set up two-factor sign-in</h1>
      <div className="mt-6">
        {result?.setup ? (
          <ScanAndConfirm setup={result.setup} result={result} />
        ) : (
          <ConfirmPassword result={result} />
        )}
      </div>
    </div>
  );
}
