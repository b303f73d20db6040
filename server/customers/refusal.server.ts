import type { Failure } from "../auth/outcome.server";

/** A request the account pages refuse, with the message and code the red alert shows. */
export function refusal(
  status: 402 | 403 | 404 | 409 | 502,
  code: string,
  message: string,
): Failure {
  return { ok: false, status, error: { code, message } };
}

/** The provider failed: logged with its details, shown without them. */
export const providerFailure = (message: string) => refusal(502, "PROVIDER_ERROR", message);
