import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import type { Route } from "~/routes/+types/admin.profile";
import { intentField, profileIntents } from "~core/form-intent";
import { staffRoleLabels } from "~core/staff";
import { BackupCodeList } from "./BackupCodeList";
import { Card, Fact } from "./Card";
import { PasswordAgainForm } from "./PasswordAgainForm";

/** What the profile's forms answer when they do not redirect: which form, and its refusal or codes. */
type ActionData = Route.ComponentProps["actionData"];

function backupCodesLeftText(left: number): string {
  if (left === 0) {
    return "You have no backup codes left. Make new ones, so that you can still sign in if you lose your phone.";
  }
  return `You have ${left} unused backup code${left === 1 ? "" : "s"}.`;
}

function TwoFactorSignIn({
  backupCodesLeft,
  result,
}: {
  backupCodesLeft: number;
  result: ActionData;
}) {
  const answer = result?.intent === profileIntents.newBackupCodes ? result : undefined;
  return (
    <Card title="Two-factor sign-in">
      <p>On: every sign-in asks for a code from your authenticator app, or a backup code.</p>
      <p>{backupCodesLeftText(backupCodesLeft)}</p>
      {answer?.backupCodes ? (
        <section aria-labelledby="new-codes-heading" className="space-y-3 pt-2">
          <h3 id="new-codes-heading" className="text-lg">
            Your new backup codes
          </h3>
          <p className="text-ink/80">
            Each works once, instead of a code from the app. They are shown only now, and your old
            codes no longer work.
          </p>
          <BackupCodeList codes={answer.backupCodes} />
        </section>
      ) : (
        <div className="pt-2">
          <PasswordAgainForm
            intent={profileIntents.newBackupCodes}
            result={answer}
            submitLabel="New backup codes"
          >
            <p className="text-ink/80">
              New codes replace the ones you have. Confirm your password to make them.
            </p>
          </PasswordAgainForm>
        </div>
      )}
    </Card>
  );
}

function NewOrderEmails({
  newOrderEmails,
  result,
}: {
  newOrderEmails: boolean | null;
  result: ActionData;
}) {
  const busy = useNavigation().state === "submitting";
  const answer = result?.intent === profileIntents.newOrderEmails ? result : undefined;
  return (
    <Card title="New orders">
      {newOrderEmails === null ? (
        <p>As the owner, you are e-mailed each new paid order.</p>
      ) : (
        <Form method="post" className="space-y-3">
          <ServerErrorAlert error={answer?.error} />
          <input type="hidden" name={intentField} value={profileIntents.newOrderEmails} />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name="newOrderEmails"
              defaultChecked={newOrderEmails}
              className="size-5 cursor-pointer accent-olive-800"
            />
            E-mail me each new paid order
          </label>
          <button type="submit" disabled={busy} className="btn-primary">
            Save
          </button>
        </Form>
      )}
    </Card>
  );
}

/** The signed-in member of staff's own page: who they are, their sign-in, their e-mails. */
export function StaffProfilePage({
  profile,
  result,
}: {
  profile: Route.ComponentProps["loaderData"]["profile"];
  result: ActionData;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-3xl sm:text-4xl">Your profile</h1>
      <Card title="Your details">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Fact label="Name">{profile.name}</Fact>
          <Fact label="E-mail">{profile.email}</Fact>
          <Fact label="Role">{staffRoleLabels[profile.role]}</Fact>
        </dl>
      </Card>
      <TwoFactorSignIn backupCodesLeft={profile.backupCodesLeft} result={result} />
      <NewOrderEmails newOrderEmails={profile.newOrderEmails} result={result} />
    </div>
  );
}
