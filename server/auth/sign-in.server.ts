import { type SocialProvider, socialProviders } from "~core/auth";
import { isStaffRole, type UserRole } from "~core/staff";
import { forgetCheckoutSessions } from "../checkout/cookies.server";
import type { ResolvedConfig } from "../config.server";
import type { ShopContext } from "../http/context.server";
import { clearCookieHeader, isHttps } from "../http/cookies.server";
import type { AuthServices } from "./context.server";
import { callAuth, limitAttempt, type Outcome, requestHeaders } from "./outcome.server";

/** The social sign-in options whose client id and secret are configured. */
export function configuredSocialProviders(config: Pick<ResolvedConfig, "oauth">): SocialProvider[] {
  return socialProviders.filter((provider) => config.oauth[provider] !== undefined);
}

/**
 * A password that was right: for an account enrolled in two-factor sign-in no session is opened
 * yet (a code must follow, `giveSecondFactor`, and the cookies hold the pending challenge);
 * otherwise the session is open and the account's role says where to land.
 */
export type PasswordSignIn =
  | { twoFactorRequired: true }
  | { twoFactorRequired: false; role: UserRole };

/** Checks the e-mail and password. */
export async function signInWithPassword(
  services: AuthServices,
  request: Request,
  credentials: { email: string; password: string },
): Promise<Outcome<PasswordSignIn>> {
  const limited = await limitAttempt(services, "signIn", credentials.email);
  if (limited) return limited;
  const signedIn = await callAuth(() =>
    services.auth.api.signInEmail({
      body: { ...credentials, rememberMe: true },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
  if (!signedIn.ok) return signedIn;
  const { cookies, response } = signedIn;
  if ("twoFactorRedirect" in response) return { ok: true, cookies, twoFactorRequired: true };
  const { role } = response.user;
  return {
    ok: true,
    cookies,
    twoFactorRequired: false,
    role: isStaffRole(role) ? role : "customer",
  };
}

/** Where the provider sends the shopper back: the sign-in page finishes, then `redirectTo`. */
function socialReturnUrls(redirectTo: string) {
  const next = encodeURIComponent(redirectTo);
  return {
    callbackURL: `/sign-in?completed=1&redirectTo=${next}`,
    errorCallbackURL: `/sign-in?redirectTo=${next}`,
  };
}

/** Starts Google or Facebook sign-in: the provider's address to send the shopper to. */
export async function startSocialSignIn(
  services: AuthServices,
  request: Request,
  provider: SocialProvider,
  redirectTo: string,
): Promise<Outcome<{ url: string }>> {
  const started = await callAuth(() =>
    services.auth.api.signInSocial({
      body: { provider, ...socialReturnUrls(redirectTo) },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
  if (!started.ok) return started;
  const { url } = started.response;
  if (!url) throw new Error(`Sign-in with ${provider} did not return the provider's address`);
  return { ok: true, cookies: started.cookies, url };
}

/**
 * Guest data: cookies whose name starts with `guest`, and the checkout sessions this browser
 * opened (which show their orders on the confirmation page). Signing out removes them.
 */
function expiredGuestCookies(services: Pick<ShopContext, "config">, request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => /^guest[\w-]*$/i.test(name));
  return [
    ...names.map((name) => clearCookieHeader(name, isHttps(services.config))),
    forgetCheckoutSessions(services),
  ];
}

/** Ends the session and forgets the guest: the cookies that clear both. */
export async function signOut(services: AuthServices, request: Request): Promise<string[]> {
  const ended = await callAuth(() =>
    services.auth.api.signOut({ headers: requestHeaders(services, request), returnHeaders: true }),
  );
  return [...(ended.ok ? ended.cookies : []), ...expiredGuestCookies(services, request)];
}
