import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { track } from "~/components/analytics/track";
import { PasswordField, ProfileFields, saferPasswordHelp } from "~/components/forms/account-fields";
import { SubmitButton, useFormFields } from "~/components/forms/form-kit";
import { useHydrated } from "~/components/forms/use-hydrated";
import type { Route } from "~/routes/+types/account";
import { accountTabHref } from "~core/account-urls";
import { accountInfoFields } from "~core/auth-forms";
import { accountIntents, intentField } from "~core/form-intent";
import type { ServerError } from "~core/result";
import {
  type AccountInfoResult,
  type AccountInfoValues,
  isReauthenticationFailure,
} from "./account-info-result";
import { accountInfoSaveKey, ReauthenticationModal } from "./ReauthenticationModal";
import { TabHeading } from "./TabHeading";

/** The account's name and e-mail, as the account page's loader sends them. */
type AccountProfile = Route.ComponentProps["loaderData"]["profile"];

function hasChanges(values: AccountInfoValues, saved: AccountProfile): boolean {
  return (
    values.firstName.trim() !== saved.firstName ||
    values.lastName.trim() !== saved.lastName ||
    values.email.trim().toLowerCase() !== saved.email ||
    values.newPassword !== ""
  );
}

function AccountInfoForm({
  initial,
  saved,
  fieldErrors,
  onReview,
}: {
  initial: AccountInfoValues;
  saved: AccountProfile;
  fieldErrors: AccountInfoResult["fieldErrors"];
  onReview: (changes: AccountInfoValues) => void;
}) {
  const hydrated = useHydrated();
  const form = useFormFields(accountInfoFields, {
    initialValues: initial,
    serverErrors: fieldErrors,
  });
  return (
    <Form
      method="post"
      action={accountTabHref("account-info")}
      className="space-y-8"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onReview(form.values);
      }}
    >
      <input type="hidden" name={intentField} value={accountIntents.reviewAccountInfo} />
      <fieldset className="space-y-4">
        <legend className="mb-4 font-serif text-xl text-olive-950">Profile</legend>
        <ProfileFields field={form.field} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-4 font-serif text-xl text-olive-950">Change password</legend>
        <PasswordField
          {...form.field("newPassword")}
          purpose="new"
          label="New password"
          required={false}
          hint={`Leave it empty to keep your current password. ${saferPasswordHelp}`}
        />
      </fieldset>
      <SubmitButton
        ready={form.isValid && hasChanges(form.values, saved)}
        busy={false}
        className="btn-primary w-full sm:w-auto"
      >
        Save changes
      </SubmitButton>
    </Form>
  );
}

/**
 * Name, e-mail and password. Saving asks for the current password first; a failed profile
 * update restores the previous e-mail in the form.
 */
export function AccountInfoTab({
  profile,
  pageResult,
}: {
  profile: AccountProfile;
  /** The action's answer to a submission made before JavaScript loaded. */
  pageResult: AccountInfoResult | undefined;
}) {
  const saving = useFetcher<AccountInfoResult>({ key: accountInfoSaveKey });
  const [reviewing, setReviewing] = useState<AccountInfoValues | null>(null);
  // Before JavaScript loads, the form shows the changes the server's modal is confirming.
  const [draft, setDraft] = useState({
    version: 0,
    values: { ...profile, ...pageResult?.review, newPassword: "" },
  });
  const [profileError, setProfileError] = useState<ServerError | null>(null);
  const answer = saving.data ?? pageResult;

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to each new answer only
  useEffect(() => {
    const failed = saving.data;
    if (!failed || isReauthenticationFailure(failed) || !reviewing) return;
    setProfileError(failed.error ?? null);
    setDraft((current) => ({
      version: current.version + 1,
      values: { ...reviewing, email: profile.email, newPassword: "" },
    }));
    setReviewing(null);
  }, [saving.data]);

  const changes = reviewing ?? pageResult?.review ?? null;
  const formError =
    profileError ?? (answer && !isReauthenticationFailure(answer) ? answer.error : null);
  return (
    <section aria-labelledby="account-info-heading" className="space-y-8">
      <TabHeading id="account-info-heading" title="Account information">
        Your name and e-mail address, and the password you sign in with.
      </TabHeading>
      <ServerErrorAlert error={formError} />
      <AccountInfoForm
        key={draft.version}
        initial={draft.values}
        saved={profile}
        fieldErrors={answer?.review ? undefined : answer?.fieldErrors}
        onReview={(values) => {
          track({ name: "account_info_update" });
          setProfileError(null);
          saving.reset();
          setReviewing(values);
        }}
      />
      {changes ? (
        <ReauthenticationModal
          changes={changes}
          accountEmail={profile.email}
          result={answer && isReauthenticationFailure(answer) ? answer : undefined}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </section>
  );
}
