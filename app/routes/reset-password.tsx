import { data, redirect } from "react-router";
import { AuthPage } from "~/components/auth/AuthPage";
import { ResetPasswordForm } from "~/components/auth/ResetPasswordForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { authAlerts } from "~core/auth";
import { parseForm, resetPasswordFields } from "~core/auth-forms";
import { answerHeaders } from "~core/route-headers";
import { authServices } from "~server/auth/context.server";
import { resetPassword } from "~server/auth/password-reset.server";
import { invalidForm, redirectOrRefuse } from "~server/auth/responses.server";
import type { Route } from "./+types/reset-password";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Choose a New Password", description: "Choose a new password." });

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/forgot-password");
  // The token is in the address: keep the page out of caches and out of Referer headers.
  return data(
    { token },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const headers = answerHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const services = authServices(context);
  const form = await request.formData();
  const parsed = parseForm(resetPasswordFields, form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  const token = String(form.get("token") ?? "");
  const outcome = await resetPassword(services, request, {
    token,
    newPassword: parsed.values.newPassword,
  });
  return redirectOrRefuse(services, outcome, {
    to: "/?signIn=1",
    alert: authAlerts.passwordUpdated,
  });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  return (
    <AuthPage
      eyebrow="Reset your password"
      title="Choose a new password"
      intro="Once it is saved, you are signed out everywhere; sign in with your new password."
    >
      <ResetPasswordForm token={token} result={actionData} />
    </AuthPage>
  );
}
