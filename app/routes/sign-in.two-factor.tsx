import { SecondFactorPage } from "~/components/auth/SecondFactorPage";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { answerHeaders } from "~core/route-headers";
import { secondFactorPage, submitSecondFactor } from "~server/auth/second-factor-page.server";
import type { Route } from "./+types/sign-in.two-factor";

export const headers = answerHeaders;

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData?.method === "backup"
      ? { title: "Backup Code", description: "Sign in with one of your backup codes." }
      : { title: "Two-Factor Sign-In", description: "Enter the code from your authenticator app." },
  );

export function loader({ request, context }: Route.LoaderArgs) {
  return secondFactorPage(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitSecondFactor(request, context);
}

export default function TwoFactorSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SecondFactorPage {...loaderData} result={actionData} />;
}
