import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  cookieHeader,
  createTestShop,
  shopRequest,
  type TestShop,
  testPublicUrl,
  welcomedAsNew,
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
  afterEach(() => vi.restoreAllMocks());

  /** Starts a Google sign-in from the sign-in modal: Google's address and the state's cookies. */
  async function startGoogleSignIn(redirectTo: string) {
    const started = await startSocialSignIn(
      shop.services(),
      shopRequest("/sign-in"),
      "google",
      redirectTo,
    );
    if (!started.ok) throw new Error(started.error.message);
    return started;
  }

  it("is offered only for the providers whose id and secret are configured", () => {
    expect(configuredSocialProviders(shop.services().config)).toEqual(["google"]);
  });

  it("sends the shopper to Google with the shop's callback, and refuses a callback it did not start", async () => {
    const started = await startGoogleSignIn("/order-confirmation?sessionId=cs_1");
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

  /**
   * Google's token endpoint, answering any code with an ID token of `profile` (the callback
   * reads the token it fetched itself; it does not verify its signature).
   */
  function googleSignsIn(profile: Record<string, unknown>) {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const idToken = `${encode({ alg: "RS256", typ: "JWT" })}.${encode(profile)}.signature`;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== "https://oauth2.googleapis.com/token")
        throw new Error(`unexpected fetch of ${url}`);
      return Response.json({ access_token: "google-access-token", id_token: idToken });
    });
  }

  /** Goes to Google and back; the Cookie header of the session the callback opened. */
  async function signInWithGoogle(): Promise<string> {
    const started = await startGoogleSignIn("/");
    const state = new URL(started.url).searchParams.get("state") ?? "";
    const callback = new Request(
      `${testPublicUrl}/api/auth/callback/google?state=${state}&code=google-code`,
      { headers: { Cookie: cookieHeader(started.cookies) } },
    );
    const response = await handleAuthRequest(shop.services(), callback);
    expect(response.status).toBe(302);
    return cookieHeader(response.headers.getSetCookie());
  }

  it("welcomes the account a first Google sign-in creates as new, and its next sign-in as a return", async () => {
    googleSignsIn({
      sub: "google-user-1",
      email: "grace@example.com",
      email_verified: true,
      name: "Grace Hopper",
      given_name: "Grace",
      family_name: "Hopper",
    });
    expect(await welcomedAsNew(shop, await signInWithGoogle())).toBe(true);
    expect(await welcomedAsNew(shop, await signInWithGoogle())).toBe(false);
  });
});
