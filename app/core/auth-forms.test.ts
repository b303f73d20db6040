import { describe, expect, it } from "vitest";
import {
  accountInfoFields,
  parseForm,
  registerFields,
  signInFields,
  twoFactorCodeFields,
} from "./auth-forms";
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

  it("takes a six-digit code from an authenticator app, spaces and all", () => {
    for (const code of ["123456", " 123 456 ", "000000"]) {
      expect(parseForm(twoFactorCodeFields, form({ code })).ok, code).toBe(true);
    }
    for (const code of ["12345", "1234567", "12a456", ""]) {
      expect(parseForm(twoFactorCodeFields, form({ code })), code).toEqual({
        ok: false,
        fieldErrors: { code: messages.twoFactorCode },
      });
    }
  });
});
