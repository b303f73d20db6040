import type { AuthServices } from "./context.server";
import { callAuth, limitAttempt, type Outcome, requestHeaders } from "./outcome.server";

/**
 * A reset request answers no sooner than this, so that an address with an account (a token
 * and an e-mail are written) and one without cannot be told apart by the response time.
 */
const resetRequestAnswerMs = 400;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Sends the reset e-mail when the address has an account. The answer is the same, in about the
 * same time, either way.
 */
export async function requestPasswordReset(
  services: AuthServices,
  request: Request,
  email: string,
): Promise<Outcome> {
  const limited = await limitAttempt(services, "passwordResetRequest", email);
  if (limited) return limited;
  const [requested] = await Promise.all([
    callAuth(() =>
      services.auth.api.requestPasswordReset({
        body: { email },
        headers: requestHeaders(services, request),
        returnHeaders: true,
      }),
    ),
    delay(resetRequestAnswerMs),
  ]);
  return requested;
}

/** Sets a new password with an e-mailed token; every session of the account ends. */
export async function resetPassword(
  services: AuthServices,
  request: Request,
  reset: { token: string; newPassword: string },
): Promise<Outcome> {
  const limited = await limitAttempt(services, "passwordReset");
  if (limited) return limited;
  return callAuth(() =>
    services.auth.api.resetPassword({
      body: reset,
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
}
