import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { StaffProfilePage } from "~/components/admin/StaffProfile";
import { type AuthFormResult, parseForm, twoFactorPasswordFields } from "~core/auth-forms";
import { intentOf, profileIntents, unknownIntentMessage } from "~core/form-intent";
import { staffAlerts } from "~core/staff";
import { currentStaff } from "~server/admin/staff-gate.server";
import {
  newBackupCodes,
  setNewOrderEmails,
  staffProfile,
} from "~server/admin/staff-profile.server";
import { authServices } from "~server/auth/context.server";
import { redirectWithAlert, refusalHeaders } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.profile";

const profilePage = "/admin/profile";
const privateAnswer = { "Cache-Control": "private, no-store" };

/** What the profile's forms answer when they do not redirect: which form, and its refusal or codes. */
type ProfileAnswer = AuthFormResult & { intent: string | null; backupCodes?: string[] };

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await staffProfile(authServices(context), currentStaff(context));
  return data({ profile }, { headers: privateAnswer });
}

/** New backup codes, shown once in the answer, which no cache may keep. */
async function renewBackupCodes(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
) {
  const intent = profileIntents.newBackupCodes;
  const parsed = parseForm(twoFactorPasswordFields, form);
  if (!parsed.ok) return data<ProfileAnswer>({ intent, fieldErrors: parsed.fieldErrors }, 400);
  const services = authServices(context);
  const staff = currentStaff(context);
  const renewed = await newBackupCodes(services, request, staff, parsed.values.password);
  if (!renewed.ok) {
    const headers = refusalHeaders(renewed, privateAnswer);
    return data<ProfileAnswer>(
      { intent, error: renewed.error },
      { status: renewed.status, headers },
    );
  }
  const headers = new Headers(privateAnswer);
  for (const cookie of renewed.cookies) headers.append("Set-Cookie", cookie);
  return data<ProfileAnswer>({ intent, backupCodes: renewed.backupCodes }, { headers });
}

async function changeNewOrderEmails(context: Route.ActionArgs["context"], form: FormData) {
  const services = shop(context);
  const wanted = form.get("newOrderEmails") === "on";
  const changed = await setNewOrderEmails(services.db, currentStaff(context), wanted);
  if (!changed.ok) {
    return data<ProfileAnswer>(
      { intent: profileIntents.newOrderEmails, error: { message: changed.message } },
      409,
    );
  }
  const alert = wanted ? staffAlerts.newOrderEmailsOn : staffAlerts.newOrderEmailsOff;
  return redirectWithAlert(services, profilePage, [], alert);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (intentOf(form, profileIntents)) {
    case profileIntents.newBackupCodes:
      return renewBackupCodes(request, context, form);
    case profileIntents.newOrderEmails:
      return changeNewOrderEmails(context, form);
    default:
      return data<ProfileAnswer>({ intent: null, error: { message: unknownIntentMessage } }, 400);
  }
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffProfilePage profile={loaderData.profile} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Your profile"
      message="Your profile could not be loaded. Please try again in a moment."
    />
  );
}
