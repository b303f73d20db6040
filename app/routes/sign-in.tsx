import { data, redirect } from "react-router";
import { AuthPage } from "~/components/auth/AuthPage";
import { SignInForm } from "~/components/auth/SignInForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { authAlerts, isSocialProvider } from "~core/auth";
import type { AuthFormResult } from "~core/auth-forms";
import { parseForm, signInFields } from "~core/auth-forms";
import { answerHeaders } from "~core/route-headers";
import { signInLanding } from "~core/staff";
import { authServices } from "~server/auth/context.server";
import {
  invalidForm,
  redirectAfterSignIn,
  redirectSettingCookies,
  redirectWithAlert,
  refusedForm,
  safeRedirectPath,
} from "~server/auth/responses.server";
import { currentSession } from "~server/auth/session.server";
import {
  configuredSocialProviders,
  signInWithPassword,
  startSocialSignIn,
} from "~server/auth/sign-in.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/sign-in";

export const headers = answerHeaders;

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Sign In", description: "Sign in to your account." });

/** Google or Facebook send the shopper back with a short error code when sign-in failed. */
function providerError(code: string | null): AuthFormResult | undefined {
  if (!code || !/^[a-z_]{1,64}$/i.test(code)) return undefined;
  return { error: { message: "Signing in with Google or Facebook did not complete", code } };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const services = shop(context);
  const session = currentSession(context);
  if (session) {
    // Back from Google or Facebook: the session is set, say so where the sign-in leads.
    if (url.searchParams.has("completed")) {
      const to = signInLanding(session.user.role, redirectTo);
      throw await redirectWithAlert(services, to, [], authAlerts.signedIn);
    }
    throw redirect(redirectTo);
  }
  return {
    redirectTo,
    providers: configuredSocialProviders(services.config),
    providerError: providerError(url.searchParams.get("error")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = authServices(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const provider = form.get("provider");
  if (provider !== null) {
    if (
      !isSocialProvider(provider) ||
      !configuredSocialProviders(services.config).includes(provider)
    ) {
      throw data("This sign-in option is not available", { status: 400 });
    }
    const started = await startSocialSignIn(services, request, provider, redirectTo);
    return started.ok ? redirectSettingCookies(started.url, started.cookies) : refusedForm(started);
  }
  const parsed = parseForm(signInFields, form);
  const kept = { email: String(form.get("email") ?? ""), redirectTo };
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, kept);
  const outcome = await signInWithPassword(services, request, parsed.values);
  return redirectAfterSignIn(
    services,
    outcome,
    { to: redirectTo, alert: authAlerts.signedIn },
    kept,
  );
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, providers, providerError } = loaderData;
  return (
    <AuthPage eyebrow="Welcome back" title="Sign in">
      <SignInForm
        redirectTo={actionData?.values?.redirectTo ?? redirectTo}
        forgotPasswordHref="/forgot-password"
        providers={providers}
        pageResult={actionData ?? providerError}
      />
    </AuthPage>
  );
}
