import { describe, expect, it } from "vitest";
import { pageWithSignIn, signInViewOf } from "./sign-in-url";

describe("the sign-in modal in the URL", () => {
  const confirmation = { pathname: "/order-confirmation", search: "?sessionId=cs_1&signIn=1" };

  it("reads the view", () => {
    expect(signInViewOf("?signIn=1")).toBe("sign-in");
    expect(signInViewOf("?signIn=forgot")).toBe("forgot");
    expect(signInViewOf("?promoCode=TAKE5")).toBeNull();
  });

  it("opens, switches and closes the modal, keeping the page's own parameters", () => {
    expect(pageWithSignIn(confirmation, null)).toBe("/order-confirmation?sessionId=cs_1");
    expect(pageWithSignIn(confirmation, "forgot")).toBe(
      "/order-confirmation?sessionId=cs_1&signIn=forgot",
    );
    expect(pageWithSignIn({ pathname: "/", search: "?signIn=1" }, null)).toBe("/");
  });
});
