import type { ShopContext } from "../http/context.server";
import { authHeaders } from "./auth.server";
import { type AuthFailure, authFailure, tooManyAttempts } from "./errors.server";
import { type AuthStep, consumeAuthAttempt } from "./rate-limits.server";

export type Failure = { ok: false } & AuthFailure;

/** A step that succeeded, with the cookies Better Auth set (a new session, a cleared one). */
export type Success<T = unknown> = { ok: true; cookies: string[] } & T;

export type Outcome<T = unknown> = Success<T> | Failure;

/** Counts the attempt; a refusal when the step's limit for this address or account is reached. */
export async function limitAttempt(
  services: Pick<ShopContext, "db" | "clientIp" | "log">,
  step: AuthStep,
  email?: string,
): Promise<Failure | null> {
  const limited = await consumeAuthAttempt(services.db, step, {
    clientIp: services.clientIp,
    email,
  });
  if (!limited) return null;
  services.log.warn({ step, clientIp: services.clientIp }, "auth rate limit reached");
  return { ok: false, ...tooManyAttempts(limited.retryAfterSeconds) };
}

/** Runs a Better Auth call; its refusal becomes a Failure, its cookies part of the Success. */
export async function callAuth<T>(
  call: () => Promise<{ headers: Headers; response: T }>,
): Promise<Success<{ response: T }> | Failure> {
  try {
    const { headers, response } = await call();
    return { ok: true, cookies: headers.getSetCookie(), response };
  } catch (error) {
    return { ok: false, ...authFailure(error) };
  }
}

/** The headers Better Auth needs from this request. */
export function requestHeaders(services: Pick<ShopContext, "clientIp">, request: Request): Headers {
  return authHeaders(request.headers, services.clientIp);
}
