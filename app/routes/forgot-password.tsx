import { Link } from "react-router";
import { AuthPage } from "~/components/auth/AuthPage";
import { ForgotPasswordForm } from "~/components/auth/ForgotPasswordForm";
import { textLinkClass } from "~/components/auth/styles";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { forgotPasswordFields, parseForm } from "~core/auth-forms";
import { answerHeaders } from "~core/route-headers";
import { authServices } from "~server/auth/context.server";
import { requestPasswordReset } from "~server/auth/password-reset.server";
import { invalidForm, refusedForm } from "~server/auth/responses.server";
import type { Route } from "./+types/forgot-password";

export const headers = answerHeaders;

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Reset Your Password",
    description: "Get a link to choose a new password.",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const services = authServices(context);
  const form = await request.formData();
  const parsed = parseForm(forgotPasswordFields, form);
  const kept = { email: String(form.get("email") ?? "") };
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, kept);
  const outcome = await requestPasswordReset(services, request, parsed.values.email);
  return outcome.ok ? { sent: true } : refusedForm(outcome, kept);
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthPage eyebrow="Forgot your password?" title="Reset your password">
      <ForgotPasswordForm
        pageResult={actionData}
        back={
          <Link to="/sign-in" className={textLinkClass}>
            Back to sign in
          </Link>
        }
      />
    </AuthPage>
  );
}
