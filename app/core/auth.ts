/** What every page knows about signing in: its success alerts and the social sign-in options. */

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
