/** The fields the sign-in, registration, password and account forms share, on the form kit. */
import { minPasswordLength } from "~core/field-rules";
import { type FieldProps, TextField } from "./form-kit";

export const saferPasswordHelp =
  "At least 6 characters. For a safer password, use a longer phrase of unrelated words with a number or a symbol, and one you use nowhere else.";

/** The e-mail field; `fixed` shows a known address that cannot be changed. */
export function EmailField({ fixed = false, ...field }: FieldProps & { fixed?: boolean }) {
  return <TextField {...field} label="Email" type="email" autoComplete="email" fixed={fixed} />;
}

/** The password typed to sign in, or a new one (with the safer-password help). */
export function PasswordField({
  purpose,
  label = "Password",
  hint = purpose === "new" ? saferPasswordHelp : undefined,
  required,
  ...field
}: FieldProps & {
  purpose: "current" | "new";
  label?: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <TextField
      {...field}
      label={label}
      type="password"
      autoComplete={`${purpose}-password`}
      minLength={minPasswordLength}
      hint={hint}
      required={required}
    />
  );
}

/** First name, last name and e-mail, as registration and the account page ask for them. */
export function ProfileFields({
  field,
  fixedEmail = false,
}: {
  field: (name: "firstName" | "lastName" | "email") => FieldProps;
  /** The e-mail is known and cannot be changed (a guest's, on the create-account page). */
  fixedEmail?: boolean;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("firstName")} label="First name" autoComplete="given-name" />
        <TextField {...field("lastName")} label="Last name" autoComplete="family-name" />
      </div>
      <EmailField {...field("email")} fixed={fixedEmail} />
    </>
  );
}
