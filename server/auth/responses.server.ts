import { data, redirect } from "react-router";
import { secondFactorPath } from "~core/auth";
import type { AuthFormResult, FieldErrors } from "~core/auth-forms";
import { signInLanding } from "~core/staff";
import type { ShopContext } from "../http/context.server";
import { setFlash } from "../http/flash.server";
import { retryAfter } from "../http/rate-limit.server";
import type { Failure, Outcome } from "./outcome.server";
import type { PasswordSignIn } from "./sign-in.server";

/** A path inside the shop to return to; anything else (another site, `//host`) becomes `/`. */
export function safeRedirectPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || /^\/[/\\]/.test(value)) return "/";
  return value;
}

/** A redirect that sets `cookies` (a session, a cleared one) and shows `message` on arrival. */
export async function redirectWithAlert(
  services: Pick<ShopContext, "config">,
  to: string,
  cookies: string[],
  message: string,
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of [...cookies, setFlash(services, message)])
    headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** A redirect that only sets cookies (the state cookie of a Google or Facebook sign-in). */
export function redirectSettingCookies(to: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

type Kept = AuthFormResult["values"];

/** A form's outcome: on success, on to `to` with the alert; otherwise the form with the refusal. */
export function redirectOrRefuse(
  services: Pick<ShopContext, "config">,
  outcome: Outcome,
  success: { to: string; alert: string },
  kept?: Kept,
) {
  if (!outcome.ok) return refusedForm(outcome, kept);
  return redirectWithAlert(services, success.to, outcome.cookies, success.alert);
}

/**
 * A password sign-in's outcome: an account enrolled in two-factor sign-in goes on to the code
 * page first; staff land in the back office (`signInLanding`); otherwise as `redirectOrRefuse`.
 */
export function redirectAfterSignIn(
  services: Pick<ShopContext, "config">,
  outcome: Outcome<PasswordSignIn>,
  success: { to: string; alert: string },
  kept?: Kept,
) {
  if (!outcome.ok) return refusedForm(outcome, kept);
  if (outcome.twoFactorRequired) {
    return redirectSettingCookies(secondFactorPath("app", success.to), outcome.cookies);
  }
  const to = signInLanding(outcome.role, success.to);
  return redirectWithAlert(services, to, outcome.cookies, success.alert);
}

/** The form again, with each invalid field's message. */
export function invalidForm(fieldErrors: FieldErrors, values?: Kept) {
  return data<AuthFormResult>({ fieldErrors, values }, { status: 400 });
}

/** The headers of a refusal's answer: a rate limit's says when to try again. */
export function refusalHeaders(failure: Failure, init?: HeadersInit): Headers {
  const headers = new Headers(init);
  if (failure.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", retryAfter(failure.retryAfterSeconds));
  }
  return headers;
}

/** The form again, with the refusal's message and code. */
export function refusedForm(failure: Failure, values?: Kept) {
  return data<AuthFormResult>(
    { error: failure.error, values },
    { status: failure.status, headers: refusalHeaders(failure) },
  );
}
