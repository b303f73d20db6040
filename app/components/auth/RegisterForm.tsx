import { Form, Link, useLocation, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { track } from "~/components/analytics/track";
import { PasswordField, ProfileFields } from "~/components/forms/account-fields";
import { SubmitButton, useFormFields } from "~/components/forms/form-kit";
import type { AuthFormResult } from "~core/auth-forms";
import { registerFields } from "~core/auth-forms";
import {
  type guestAccountIntents,
  intentField,
  type staffInvitationIntents,
} from "~core/form-intent";
import { pageWithSignIn } from "./sign-in-url";
import { textLinkClass } from "./styles";

export interface RegisterFormProps {
  result: AuthFormResult | undefined;
  /** `/register`, or the create-account page of a guest. */
  action?: string;
  fields?: typeof registerFields;
  /** The guest's e-mail, shown fixed, with the guest's name to start from. */
  guest?: { email: string; firstName: string; lastName: string };
  /** What the form asks of a page with several forms. */
  intent?: typeof guestAccountIntents.createAccount | typeof staffInvitationIntents.createAccount;
}

export function RegisterForm({
  result,
  action = "/register",
  fields = registerFields,
  guest,
  intent,
}: RegisterFormProps) {
  const form = useFormFields(fields, {
    initialValues: {
      firstName: result?.values?.firstName ?? guest?.firstName,
      lastName: result?.values?.lastName ?? guest?.lastName,
      email: guest?.email ?? result?.values?.email,
    },
    serverErrors: result?.fieldErrors,
  });
  const busy = useNavigation().formAction === action;
  const location = useLocation();
  return (
    <Form
      method="post"
      action={action}
      className="space-y-4"
      onSubmit={() => track({ name: "register" })}
    >
      {intent ? <input type="hidden" name={intentField} value={intent} /> : null}
      <ServerErrorAlert error={result?.error} />
      <ProfileFields field={form.field} fixedEmail={guest !== undefined} />
      <PasswordField {...form.field("password")} purpose="new" />
      <SubmitButton ready={form.isValid} busy={busy} busyLabel="Creating your account...">
        Create account
      </SubmitButton>
      <p className="text-center text-sm text-ink/80">
        Already have an account?{" "}
        <Link to={pageWithSignIn(location, "sign-in")} preventScrollReset className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </Form>
  );
}
