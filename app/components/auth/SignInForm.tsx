import { Link, useFetcher } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { track } from "~/components/analytics/track";
import { EmailField, PasswordField } from "~/components/forms/account-fields";
import { SubmitButton, useFormFields } from "~/components/forms/form-kit";
import type { SocialProvider } from "~core/auth";
import type { AuthFormResult } from "~core/auth-forms";
import { signInFields } from "~core/auth-forms";
import { type guestAccountIntents, intentField } from "~core/form-intent";
import { SocialSignIn } from "./SocialSignIn";
import { textLinkClass } from "./styles";

export interface SignInFormProps {
  /**
   * Where the shopper lands once signed in: by default the page the modal was opened on
   * (the order confirmation keeps its session id); the create-account page sends the shopper
   * to the orders tab.
   */
  redirectTo: string;
  /** Where 'Forgot your password?' leads; the typed e-mail travels along. */
  forgotPasswordHref: string;
  providers: readonly SocialProvider[];
  /** An e-mail the page already knows, shown fixed. */
  fixedEmail?: string;
  /** The answer to a submission made before JavaScript loaded (the page's action data). */
  pageResult?: AuthFormResult;
  /** `/sign-in`, or a page that signs in and does more (the create-account page). */
  action?: string;
  fields?: typeof signInFields;
  busyLabel?: string;
  /** What the form asks of a page with several forms (the create-account page). */
  intent?: typeof guestAccountIntents.signIn;
}

export function SignInForm({
  redirectTo,
  forgotPasswordHref,
  providers,
  fixedEmail,
  pageResult,
  action = "/sign-in",
  fields = signInFields,
  busyLabel = "Signing in...",
  intent,
}: SignInFormProps) {
  const fetcher = useFetcher<AuthFormResult>();
  const result = fetcher.data ?? pageResult;
  const form = useFormFields(fields, {
    initialValues: { email: fixedEmail ?? result?.values?.email },
    serverErrors: result?.fieldErrors,
  });
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-6">
      <SocialSignIn providers={providers} redirectTo={redirectTo} />
      <fetcher.Form
        method="post"
        action={action}
        className="space-y-4"
        onSubmit={() => track({ name: "sign_in", label: "email" })}
      >
        {intent ? <input type="hidden" name={intentField} value={intent} /> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ServerErrorAlert error={result?.error} />
        <EmailField {...form.field("email")} fixed={Boolean(fixedEmail)} />
        <PasswordField {...form.field("password")} purpose="current" />
        <Link
          to={forgotPasswordHref}
          state={{ email: form.values.email }}
          replace
          preventScrollReset
          className={textLinkClass}
        >
          Forgot your password?
        </Link>
        <SubmitButton ready={form.isValid} busy={busy} busyLabel={busyLabel}>
          Sign in
        </SubmitButton>
      </fetcher.Form>
      {fixedEmail ? null : (
        <p className="text-center text-sm text-ink/80">
          New here?{" "}
          <Link to="/register" className={textLinkClass}>
            Create an account
          </Link>
        </p>
      )}
    </div>
  );
}
