import { describe, expect, it } from "vitest";
import { accountInfoFields, parseForm, registerFields, signInFields } from "./auth-forms";
import { messages } from "./validation";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe("parseForm", () => {
  it("trims names and e-mails but keeps a password exactly as typed", () => {
    const parsed = parseForm(
      registerFields,
      form({
        firstName: " Ada ",
        lastName: "Lovelace ",
        email: " ada@example.com",
        password: " secret ",
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      values: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        password: " secret ",
      },
    });
  });

  it("gives each invalid or missing field the spec's message", () => {
    expect(parseForm(signInFields, form({ email: "ada@", password: "  12345  " }))).toEqual({
      ok: false,
      fieldErrors: { email: messages.email, password: messages.password },
    });
    expect(parseForm(signInFields, form({}))).toMatchObject({
      fieldErrors: { email: messages.email, password: messages.password },
    });
  });

  it("lets the account form keep the current password with an empty new one", () => {
    const profile = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
    expect(parseForm(accountInfoFields, form({ ...profile, newPassword: "" }))).toMatchObject({
      ok: true,
    });
    expect(parseForm(accountInfoFields, form({ ...profile, newPassword: "123" }))).toEqual({
      ok: false,
      fieldErrors: { newPassword: messages.password },
    });
    expect(parseForm(accountInfoFields, form({ ...profile, email: "nope" }))).toMatchObject({
      fieldErrors: { email: messages.emailOnAccountEdit },
    });
  });
});
