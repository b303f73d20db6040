import { describe, expect, it } from "vitest";
import { passwordResetUrl, sessionCookiePattern } from "./auth.server";

describe("auth settings", () => {
  it("recognises the session cookie, over http and over https", () => {
    expect(sessionCookiePattern.test("shop.session_token=abc")).toBe(true);
    expect(sessionCookiePattern.test("flash=x; __Secure-shop.session_token=abc")).toBe(true);
    expect(sessionCookiePattern.test("other.session_token=abc; myshop.session_token=1")).toBe(
      false,
    );
  });

  it("puts the reset token in a link to the shop's reset page", () => {
    expect(passwordResetUrl("https://troiagrove.com", "tok_123")).toBe(
      "https://troiagrove.com/reset-password?token=tok_123",
    );
  });
});
