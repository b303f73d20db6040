import { data, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { StaffManagement } from "~/components/admin/StaffManagement";
import { parseForm } from "~/core/auth-forms";
import { intentOf } from "~/core/form-intent";
import { staffIntents, staffInvitationFields } from "~/core/staff";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import {
  inviteToStaff,
  pendingInvitations,
  revokeInvitation,
} from "~server/admin/staff-invitations.server";
import { removeFromStaff, staffMembers } from "~server/admin/staff-members.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.staff";

/** Only an owner manages the staff: to anyone else the page and its forms do not exist. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

const staffPage = "/admin/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const { id, role } = currentStaff(context);
  const [members, invitations] = await Promise.all([staffMembers(db), pendingInvitations(db)]);
  return data(
    { members, invitations, me: { id, role } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The ids the row buttons send: a member's user id or an invitation's id. */
const rowId = z.string().trim().min(1).max(64);

/** The page again with the refusal's message: 400 for a form that names nothing, 409 otherwise. */
function refused(message: string, status: 400 | 409 = 409) {
  return data({ error: { message } }, status);
}

async function invite(context: Route.ActionArgs["context"], form: FormData) {
  const services = shop(context);
  const parsed = parseForm(staffInvitationFields, form);
  const values = { email: String(form.get("email") ?? "") };
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values }, 400);
  const invited = await inviteToStaff(
    services.db,
    services.config.publicUrl,
    currentStaff(context),
    parsed.values.email,
  );
  if (!invited.ok) return data({ fieldErrors: { email: invited.message }, values }, 409);
  return redirectWithAlert(services, staffPage, [], `Invitation sent to ${invited.email}`);
}

async function remove(context: Route.ActionArgs["context"], form: FormData) {
  const memberId = rowId.safeParse(form.get("memberId"));
  if (!memberId.success) return refused("Please choose a member", 400);
  const services = shop(context);
  const removed = await removeFromStaff(services.db, currentStaff(context), memberId.data);
  if (!removed.ok) return refused(removed.message);
  return redirectWithAlert(services, staffPage, [], `${removed.email} is no longer on the staff`);
}

async function revoke(context: Route.ActionArgs["context"], form: FormData) {
  const invitationId = rowId.safeParse(form.get("invitationId"));
  if (!invitationId.success) return refused("Please choose an invitation", 400);
  const services = shop(context);
  const revoked = await revokeInvitation(services.db, currentStaff(context), invitationId.data);
  if (!revoked.ok) return refused(revoked.message);
  return redirectWithAlert(services, staffPage, [], `Invitation of ${revoked.email} revoked`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (intentOf(form)) {
    case staffIntents.invite:
      return invite(context, form);
    case staffIntents.remove:
      return remove(context, form);
    case staffIntents.revoke:
      return revoke(context, form);
    default:
      return refused("Please choose what to do", 400);
  }
}

export default function StaffPage() {
  const { members, invitations, me } = useLoaderData<typeof loader>();
  return (
    <StaffManagement
      members={members}
      invitations={invitations}
      me={me}
      result={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Staff"
      message="The staff could not be loaded. Please try again in a moment."
    />
  );
}
