/**
 * The second step of a sign-in (`/sign-in/two-factor`, with a code from the app or, with
 * `?method=backup`, a backup code): after the password of an enrolled account, and for a
 * signed-in session that owes its account's code (a Google or Facebook sign-in, a session from
 * before the enrolment), which the back office sends here.
 */
import { type RouterContextProvider, redirect } from "react-router";
import { authAlerts } from "~core/auth";
import { parseForm, secondFactorFields, secondFactorMethodOf } from "~core/auth-forms";
import { signInLanding } from "~core/staff";
import { authServices } from "./context.server";
import { invalidForm, redirectWithAlert, refusedForm, safeRedirectPath } from "./responses.server";
import { currentSession, needsSecondFactor } from "./session.server";
import { giveSecondFactor } from "./two-factor.server";

/** A signed-in session that owes no code has nothing to do here: on to where it was going. */
function owesNoCode(context: Readonly<RouterContextProvider>): boolean {
  const session = currentSession(context);
  return session !== null && !needsSecondFactor(session);
}

/** The page's data: the code it asks for, where to go next, and whether a session is open. */
export function secondFactorPage(request: Request, context: Readonly<RouterContextProvider>) {
  const { searchParams } = new URL(request.url);
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  if (owesNoCode(context)) throw redirect(redirectTo);
  return {
    method: secondFactorMethodOf(searchParams.get("method")),
    redirectTo,
    signedIn: currentSession(context) !== null,
  };
}

/** Checks the posted code; on success, on to where the sign-in leads. */
export async function submitSecondFactor(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (owesNoCode(context)) throw redirect(redirectTo);
  const method = secondFactorMethodOf(form.get("method"));
  const parsed = parseForm(secondFactorFields[method], form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  const services = authServices(context);
  const factor = { method, code: parsed.values.code };
  const outcome = await giveSecondFactor(services, request, factor, currentSession(context));
  if (!outcome.ok) return refusedForm(outcome);
  const to = signInLanding(outcome.role, redirectTo);
  return redirectWithAlert(services, to, outcome.cookies, authAlerts.signedIn);
}
