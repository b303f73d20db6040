import { data, redirect } from "react-router";
import { TwoFactorEnrolment } from "~/components/admin/TwoFactorEnrolment";
import {
  type AuthFormResult,
  parseForm,
  twoFactorCodeFields,
  twoFactorPasswordFields,
} from "~core/auth-forms";
import { intentOf, twoFactorIntents } from "~core/form-intent";
import { staffAlerts } from "~core/staff";
import { backOfficeHome, currentStaff } from "~server/admin/staff-gate.server";
import { recordAudit } from "~server/audit/audit.server";
import { authServices } from "~server/auth/context.server";
import { redirectWithAlert, refusalHeaders } from "~server/auth/responses.server";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
  type TwoFactorSetup,
  twoFactorSetupFromForm,
} from "~server/auth/two-factor.server";
import type { Route } from "./+types/admin.two-factor";

/** What the enrolment's forms answer: the setup to show once the password was confirmed, or why not. */
type EnrolmentAnswer = AuthFormResult & { setup?: TwoFactorSetup };

/** An enrolled member of staff has nothing to set up. */
export function loader({ context }: Route.LoaderArgs) {
  if (currentStaff(context).twoFactorEnabled) throw redirect(backOfficeHome);
  return null;
}

async function start(context: Route.ActionArgs["context"], request: Request, form: FormData) {
  const parsed = parseForm(twoFactorPasswordFields, form);
  if (!parsed.ok) return data<EnrolmentAnswer>({ fieldErrors: parsed.fieldErrors }, 400);
  const services = authServices(context);
  const started = await startTwoFactorEnrolment(services, request, parsed.values.password);
  if (!started.ok) {
    return data<EnrolmentAnswer>(
      { error: started.error },
      { status: started.status, headers: refusalHeaders(started) },
    );
  }
  return data<EnrolmentAnswer>({ setup: started.setup });
}

async function confirm(context: Route.ActionArgs["context"], request: Request, form: FormData) {
  const services = authServices(context);
  const setup = twoFactorSetupFromForm(form);
  // Without what the page showed, the enrolment starts again from the password.
  if (!setup) {
    return data<EnrolmentAnswer>(
      { error: { message: "Please start again", code: "SETUP_MISSING" } },
      400,
    );
  }
  const parsed = parseForm(twoFactorCodeFields, form);
  if (!parsed.ok) return data<EnrolmentAnswer>({ setup, fieldErrors: parsed.fieldErrors }, 400);
  const verified = await confirmTwoFactorEnrolment(services, request, parsed.values.code);
  if (!verified.ok) {
    return data<EnrolmentAnswer>(
      { setup, error: verified.error },
      { status: verified.status, headers: refusalHeaders(verified) },
    );
  }
  const staff = currentStaff(context);
  await recordAudit(services.db, staff, {
    action: "staff.two_factor_enrolled",
    subjectType: "staff",
    subjectId: staff.id,
    after: { otherSessionsEnded: verified.otherSessionsEnded },
  });
  return redirectWithAlert(
    services,
    backOfficeHome,
    verified.cookies,
    staffAlerts.twoFactorEnabled,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return intentOf(form, twoFactorIntents) === twoFactorIntents.verify
    ? confirm(context, request, form)
    : start(context, request, form);
}

export default function TwoFactorEnrolmentPage({ actionData }: Route.ComponentProps) {
  return <TwoFactorEnrolment result={actionData} />;
}
