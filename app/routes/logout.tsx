import { redirect } from "react-router";
import { authAlerts } from "~core/auth";
import { authServices } from "~server/auth/context.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { signOut } from "~server/auth/sign-in.server";
import type { Route } from "./+types/logout";

/** Signing out is a form post; a visit to /logout changes nothing. */
export function loader() {
  throw redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = authServices(context);
  const cookies = await signOut(services, request);
  return redirectWithAlert(services, "/", cookies, authAlerts.loggedOut);
}
