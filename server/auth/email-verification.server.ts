/**
 * Proving that an account's e-mail is its owner's: the link sent there (at registration, after
 * an e-mail change, or on request) opened in a session of that account. The mailbox alone is
 * not enough: whoever owns an address may click the link of an account someone else opened in
 * their name, and that must not hand the account what they paid for.
 */
import { verifyJWT } from "better-auth/crypto";
import type { AuthServices } from "./context.server";
import {
  callAuth,
  type Failure,
  limitAttempt,
  type Outcome,
  requestHeaders,
} from "./outcome.server";
import type { SignedInUser } from "./session.server";

/** Sends the verification link to the signed-in account's current e-mail. */
export function sendVerificationEmail(
  services: AuthServices,
  request: Request,
  email: string,
): Promise<Outcome> {
  return callAuth(() =>
    services.auth.api.sendVerificationEmail({
      body: { email },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
}

/** Another link, on the account page's request: a few an hour per account and per address. */
export async function resendVerificationEmail(
  services: AuthServices,
  request: Request,
  user: SignedInUser,
): Promise<Outcome> {
  const limited = await limitAttempt(services, "verificationEmail", user.email);
  if (limited) return limited;
  return sendVerificationEmail(services, request, user.email);
}

const otherAccountCode = "VERIFY_IN_OWN_ACCOUNT";

const otherAccount: Failure = {
  ok: false,
  status: 403,
  error: {
    message: "Sign in to the account of this e-mail address to verify it",
    code: otherAccountCode,
  },
};

/**
 * The account a link was issued for, read from its signed token; null when the token is not
 * valid (any more), which Better Auth then explains.
 */
async function accountOfLink(services: AuthServices, token: string): Promise<string | null> {
  const claims = await verifyJWT<{ userId?: unknown }>(token, services.config.authSecret);
  if (!claims) return null;
  return typeof claims.userId === "string" ? claims.userId : "";
}

/**
 * Verifies the e-mail the link was sent to when `user`, signed in, is the account it was sent
 * for; what was paid with the e-mail joins the account first. Refused with the reason: the link
 * expired, is not valid (or no longer: the e-mail changed since), or is another account's.
 */
export async function verifyEmailAddress(
  services: AuthServices,
  request: Request,
  user: SignedInUser,
  token: string,
): Promise<Outcome> {
  const linkAccount = await accountOfLink(services, token);
  if (linkAccount !== null && linkAccount !== user.id) return otherAccount;
  return callAuth(() =>
    services.auth.api.verifyEmail({
      query: { token },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
}

/** Why a verification link was refused, as the page explains it. */
export type VerificationRefusal = "expired" | "other-account" | "invalid";

export function verificationRefusal(failure: Failure): VerificationRefusal {
  switch (failure.error.code) {
    case "TOKEN_EXPIRED":
      return "expired";
    case otherAccountCode:
      return "other-account";
    default:
      return "invalid";
  }
}
