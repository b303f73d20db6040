import { data } from "react-router";
import { z } from "zod";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { StaffManagement } from "~/components/admin/StaffManagement";
import { type AuthFormResult, parseForm, staffInvitationFields } from "~core/auth-forms";
import { intentOf, staffIntents, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate, type StaffMember } from "~server/admin/staff-gate.server";
import {
  inviteToStaff,
  pendingInvitations,
  revokeInvitation,
} from "~server/admin/staff-invitations.server";
import {
  removeFromStaff,
  type StaffChange,
  staffMembers,
} from "~server/admin/staff-members.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import type { Database } from "~server/db/client.server";
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
  return data<AuthFormResult>({ error: { message } }, status);
}

async function invite(context: Route.ActionArgs["context"], form: FormData) {
  const services = shop(context);
  const parsed = parseForm(staffInvitationFields, form);
  const values = { email: String(form.get("email") ?? "") };
  if (!parsed.ok) return data<AuthFormResult>({ fieldErrors: parsed.fieldErrors, values }, 400);
  const invited = await inviteToStaff(
    services.db,
    services.config.publicUrl,
    currentStaff(context),
    parsed.values.email,
  );
  if (!invited.ok) {
    return data<AuthFormResult>({ fieldErrors: { email: invited.message }, values }, 409);
  }
  return redirectWithAlert(services, staffPage, [], `Invitation sent to ${invited.email}`);
}

/** A row's button: the id it sends, the change it asks for, and what the page says after it. */
interface RowChange {
  idField: "memberId" | "invitationId";
  missing: string;
  change: (db: Database, actor: StaffMember, id: string) => Promise<StaffChange>;
  done: (email: string) => string;
}

const removal: RowChange = {
  idField: "memberId",
  missing: "Please choose a member",
  change: removeFromStaff,
  done: (email) => `${email} is no longer on the staff`,
};

const revocation: RowChange = {
  idField: "invitationId",
  missing: "Please choose an invitation",
  change: revokeInvitation,
  done: (email) => `Invitation of ${email} revoked`,
};

async function changeRow(context: Route.ActionArgs["context"], form: FormData, row: RowChange) {
  const id = rowId.safeParse(form.get(row.idField));
  if (!id.success) return refused(row.missing, 400);
  const services = shop(context);
  const changed = await row.change(services.db, currentStaff(context), id.data);
  if (!changed.ok) return refused(changed.message);
  return redirectWithAlert(services, staffPage, [], row.done(changed.email));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (intentOf(form, staffIntents)) {
    case staffIntents.invite:
      return invite(context, form);
    case staffIntents.remove:
      return changeRow(context, form, removal);
    case staffIntents.revoke:
      return changeRow(context, form, revocation);
    default:
      return refused(unknownIntentMessage, 400);
  }
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffManagement {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Staff"
      message="The staff could not be loaded. Please try again in a moment."
    />
  );
}
