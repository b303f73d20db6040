import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { validators } from "~core/field-rules";
import { EmailField, PasswordField } from "./account-fields";
import { fixedField, SubmitButton, TextField, useFormFields } from "./form-kit";

/** What the server sends, before JavaScript runs. */
function SignInLikeForm({
  serverErrors,
  email,
}: {
  serverErrors?: { email?: string };
  email?: string;
}) {
  const form = useFormFields(
    { email: validators.email, password: validators.password },
    { initialValues: { email }, serverErrors },
  );
  return (
    <form>
      <EmailField {...form.field("email")} />
      <PasswordField {...form.field("password")} purpose="new" />
      <SubmitButton ready={form.isValid} busy={false}>
        Sign in
      </SubmitButton>
    </form>
  );
}

const inputNamed = (html: string, name: string) =>
  html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";

describe("the form kit before JavaScript loads", () => {
  it("lets the form be sent, with the browser's own checks on the fields", () => {
    const html = renderToStaticMarkup(<SignInLikeForm />);
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(inputNamed(html, "email")).toMatch(/type="email"/);
    expect(inputNamed(html, "email")).toMatch(/required=""/);
    expect(inputNamed(html, "password")).toMatch(/minLength="6"/);
    expect(inputNamed(html, "password")).toMatch(/autoComplete="new-password"/);
  });

  it("shows no message on a field that has not been judged, only its hint", () => {
    const html = renderToStaticMarkup(<SignInLikeForm email="not-an-address" />);
    expect(html).not.toContain("Please enter a valid email");
    expect(inputNamed(html, "email")).not.toMatch(/aria-invalid="/);
    expect(inputNamed(html, "email")).toMatch(/value="not-an-address"/);
    const hintId = inputNamed(html, "password").match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${hintId}" class="text-sm text-ink/75">At least 6 characters.`);
  });

  it("shows the server's message on its field, tied to the input", () => {
    const html = renderToStaticMarkup(
      <SignInLikeForm email="ada@example" serverErrors={{ email: "Please enter a valid email" }} />,
    );
    const email = inputNamed(html, "email");
    expect(email).toMatch(/aria-invalid="true"/);
    const errorId = email.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toMatch(new RegExp(`id="${errorId}"[^>]*>Please enter a valid email</p>`));
  });

  it("submits a fixed field's value from a hidden input while the shown one is disabled", () => {
    const html = renderToStaticMarkup(
      <TextField {...fixedField("country", "United States")} label="Country" fixed />,
    );
    expect(html).toMatch(/<input[^>]*disabled=""[^>]*value="United States"/);
    expect(html).not.toMatch(/<input[^>]*name="country"[^>]*disabled/);
    expect(html).toContain('<input type="hidden" name="country" value="United States"/>');
  });

  it("says the form is on its way on a busy button, which cannot be pressed twice", () => {
    const html = renderToStaticMarkup(
      <SubmitButton ready busy busyLabel="Signing in...">
        Sign in
      </SubmitButton>,
    );
    expect(html).toBe(
      '<button type="submit" disabled="" aria-busy="true" class="btn-primary w-full">Signing in...</button>',
    );
  });
});
