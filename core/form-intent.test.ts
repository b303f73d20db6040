import { describe, expect, it } from "vitest";
import {
  accountIntents,
  cartIntents,
  guestAccountIntents,
  intentField,
  intentOf,
  orderPageIntents,
  profileIntents,
  staffIntents,
  staffInvitationIntents,
  twoFactorIntents,
} from "./form-intent";

const pages = {
  accountIntents,
  cartIntents,
  guestAccountIntents,
  staffInvitationIntents,
  twoFactorIntents,
  staffIntents,
  profileIntents,
  orderPageIntents,
};

function posted(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("form intents", () => {
  it.each(Object.entries(pages))(
    "names each form of %s once, in lower-case words",
    (_, intents) => {
      const values = Object.values(intents);
      for (const value of values) expect(value).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(new Set(values).size).toBe(values.length);
    },
  );

  it("reads the intent a form posts among its page's", () => {
    expect(intentOf(posted({ [intentField]: "confirm-refund" }), orderPageIntents)).toBe(
      orderPageIntents.confirmRefund,
    );
    expect(intentOf(posted({ [intentField]: "sign-in" }), guestAccountIntents)).toBe(
      guestAccountIntents.signIn,
    );
  });

  it("reads no intent from a form that names none, another page's, or a file", () => {
    expect(intentOf(posted({ firstName: "Ada" }), guestAccountIntents)).toBeNull();
    expect(intentOf(posted({ [intentField]: "invite" }), profileIntents)).toBeNull();
    expect(intentOf(posted({ [intentField]: "inviteReview" }), staffIntents)).toBeNull();
    expect(intentOf(posted({ [intentField]: "signIn" }), guestAccountIntents)).toBeNull();
    expect(intentOf(posted({ [intentField]: new Blob(["add"]) }), cartIntents)).toBeNull();
  });
});
