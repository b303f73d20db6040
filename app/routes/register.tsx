import { redirect } from "react-router";
import { AuthPage } from "~/components/auth/AuthPage";
import { RegisterForm } from "~/components/auth/RegisterForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { authAlerts } from "~core/auth";
import { parseForm, registerFields } from "~core/auth-forms";
import { answerHeaders } from "~core/route-headers";
import { authServices } from "~server/auth/context.server";
import { registerCustomer } from "~server/auth/registration.server";
import { invalidForm, redirectOrRefuse } from "~server/auth/responses.server";
import { currentSession } from "~server/auth/session.server";
import type { Route } from "./+types/register";

export const headers = answerHeaders;

export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Create Your Account",
    description: "Create an account to track orders and manage memberships.",
  });

export function loader({ context }: Route.LoaderArgs) {
  if (currentSession(context)) throw redirect("/account");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = authServices(context);
  const form = await request.formData();
  const parsed = parseForm(registerFields, form);
  const kept = Object.fromEntries(
    ["firstName", "lastName", "email"].map((name) => [name, String(form.get(name) ?? "")]),
  );
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, kept);
  const outcome = await registerCustomer(services, request, parsed.values);
  return redirectOrRefuse(
    services,
    outcome,
    { to: "/account", alert: authAlerts.accountCreated },
    kept,
  );
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      eyebrow="Join the grove"
      title="Create your account"
      intro="Track your orders, manage your memberships and check out faster."
    >
      <RegisterForm result={actionData} />
    </AuthPage>
  );
}
