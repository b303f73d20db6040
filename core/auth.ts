/** What every page knows about signing in: its success alerts and the social sign-in options. */
import type { SecondFactorMethod } from "./auth-forms";

/** The success alerts of the sign-in and account flows. */
export const authAlerts = {
  signedIn: "Signed in successfully",
  loggedOut: "Logged out successfully",
  accountCreated: "Created account successfully",
  accountUpdated: "Account information updated",
  passwordUpdated: "Password updated successfully",
  emailVerified: "E-mail address verified successfully",
  verificationEmailSent: "Verification e-mail sent",
} as const;

/** How long the link of a verification e-mail works. */
export const verificationLinkLifetimeHours = 24;

/** The sign-in options offered beside e-mail and password, when their keys are configured. */
export const socialProviders = ["google", "facebook"] as const;
export type SocialProvider = (typeof socialProviders)[number];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return socialProviders.some((provider) => provider === value);
}

/**
 * The page of a sign-in's second step, asking for a code from the authenticator app or (with
 * `method=backup`) a backup code, then going on to `redirectTo`.
 */
export function secondFactorPath(method: SecondFactorMethod, redirectTo: string): string {
  const backup = method === "backup" ? "method=backup&" : "";
  return `/sign-in/two-factor?${backup}redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** The sign-in page, going on to `redirectTo` once signed in. */
export function signInPath(redirectTo: string): string {
  return `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`;
}
