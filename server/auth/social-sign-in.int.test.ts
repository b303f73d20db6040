import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieHeader,
  createTestShop,
  shopRequest,
  type TestShop,
  testPublicUrl,
} from "../../test/support/auth";
import { handleAuthRequest } from "./handler.server";
import { configuredSocialProviders, startSocialSignIn } from "./sign-in.server";

describe("Google and Facebook sign-in", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop("pglite", {
      GOOGLE_CLIENT_ID: "google-client-id",
      GOOGLE_CLIENT_SECRET: "google-client-secret",
    });
  });
  afterAll(() => shop.dispose());

  it("is offered only for the providers whose id and secret are configured", () => {
    expect(configuredSocialProviders(shop.services().config)).toEqual(["google"]);
  });

  it("sends the shopper to Google with the shop's callback, and refuses a callback it did not start", async () => {
    const started = await startSocialSignIn(
      shop.services(),
      shopRequest("/sign-in"),
      "google",
      "/order-confirmation?sessionId=cs_1",
    );
    if (!started.ok) throw new Error(started.error.message);
    const url = new URL(started.url);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("google-client-id");
    expect(url.searchParams.get("redirect_uri")).toBe(`${testPublicUrl}/api/auth/callback/google`);
    const state = url.searchParams.get("state") ?? "";
    expect(state).not.toBe("");
    expect(started.cookies.some((cookie) => /HttpOnly/i.test(cookie))).toBe(true);

    const forged = new Request(
      `${testPublicUrl}/api/auth/callback/google?state=forged-state&code=some-code`,
      { headers: { Cookie: cookieHeader(started.cookies) } },
    );
    const response = await handleAuthRequest(shop.services(), forged);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "", testPublicUrl);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toMatch(/^[a-z_]+$/);
  });
});
