import { describe, expect, it } from "vitest";
import {
  accountInfoFields,
  backupCodeFields,
  parseForm,
  registerFields,
  signInFields,
  twoFactorCodeFields,
  typedSecondFactorCode,
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

  it("takes a backup code with or without its dash, and nothing else", () => {
    for (const code of ["abcde-12345", " AbCdE12345 ", "abcde 12345"]) {
      expect(parseForm(backupCodeFields, form({ code })).ok, code).toBe(true);
    }
    for (const code of ["abcde-1234", "abcde--12345", "abcde_12345", "123456", ""]) {
      expect(parseForm(backupCodeFields, form({ code })), code).toEqual({
        ok: false,
        fieldErrors: { code: messages.backupCode },
      });
    }
  });
});

describe("typedSecondFactorCode", () => {
  it("drops the spaces of an app's code", () => {
    expect(typedSecondFactorCode("app", " 123 456 ")).toBe("123456");
  });

  it("writes a backup code as it was shown, keeping its letters' case", () => {
    expect(typedSecondFactorCode("backup", "AbCdE12345")).toBe("AbCdE-12345");
    expect(typedSecondFactorCode("backup", " abcde-12345 ")).toBe("abcde-12345");
    expect(typedSecondFactorCode("backup", "abcde 12345")).toBe("abcde-12345");
  });
});
