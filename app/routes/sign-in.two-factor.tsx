import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { AuthPage } from "~/components/auth/AuthPage";
import { textLinkClass } from "~/components/auth/styles";
import { TwoFactorCodeForm } from "~/components/auth/TwoFactorCodeForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { authAlerts } from "~/core/auth";
import { parseForm, twoFactorCodeFields } from "~/core/auth-forms";
import { answerHeaders } from "~/core/route-headers";
import { invalidForm, redirectOrRefuse, safeRedirectPath } from "~server/auth/responses.server";
import { currentSession } from "~server/auth/session.server";
import { verifyTwoFactorCode } from "~server/auth/two-factor.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/sign-in.two-factor";

export const headers = answerHeaders;

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Two-Factor Sign-In",
    description: "Enter the code from your authenticator app.",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (currentSession(context)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = shop(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const parsed = parseForm(twoFactorCodeFields, form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  const outcome = await verifyTwoFactorCode(services, request, parsed.values.code);
  return redirectOrRefuse(services, outcome, { to: redirectTo, alert: authAlerts.signedIn });
}

export default function TwoFactorSignInPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AuthPage eyebrow="Two-factor sign-in" title="Enter your code">
      <TwoFactorCodeForm result={result} submitLabel="Sign in" hiddenFields={{ redirectTo }}>
        <p className="text-sm leading-relaxed text-ink/80">
          Open the authenticator app on your phone and enter the code it shows for this shop.
        </p>
      </TwoFactorCodeForm>
      <p className="mt-6 text-sm">
        <Link
          to={`/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`}
          className={textLinkClass}
        >
          Back to sign in
        </Link>
      </p>
    </AuthPage>
  );
}
