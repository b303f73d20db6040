import { isAPIError } from "better-auth/api";

/** An error to show in a form: the spec shows the provider's own message and code. */
export interface AuthFailure {
  error: { message: string; code: string };
  status: number;
  /** When a rate limit refused the attempt: the seconds until it may be tried again. */
  retryAfterSeconds?: number;
}

/** Better Auth's refusal as the form shows it; anything else is not a refusal and is rethrown. */
export function authFailure(error: unknown): AuthFailure {
  if (!isAPIError(error)) throw error;
  const body: { message?: unknown; code?: unknown } = error.body ?? {};
  return {
    error: {
      message: typeof body.message === "string" ? body.message : "There was an error",
      code: typeof body.code === "string" ? body.code : String(error.status),
    },
    status: error.statusCode,
  };
}

export function tooManyAttempts(retryAfterSeconds: number): AuthFailure {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    error: {
      message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      code: "TOO_MANY_REQUESTS",
    },
    status: 429,
    retryAfterSeconds,
  };
}
