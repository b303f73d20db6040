import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { SubmitButton, TextField, useFormFields } from "~/components/forms/form-kit";
import type { Route } from "~/routes/+types/admin.staff";
import { staffInvitationFields } from "~core/auth-forms";
import { type IntentOf, intentField, staffIntents } from "~core/form-intent";
import { canRemoveFromStaff, staffInvitationLifetimeDays, staffRoleLabels } from "~core/staff";
import { ShopTime } from "./shop-time";

/** What the staff page's loader sends: the members, the pending invitations and who is looking. */
type LoaderData = Route.ComponentProps["loaderData"];
/** The page's answer to a form it did not carry out. */
type ActionData = Route.ComponentProps["actionData"];

const headingClass =
  "px-4 py-3 text-left text-xs font-semibold tracking-wide text-ink/70 uppercase";
const rowClass =
  "grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 border-b border-olive-200 px-4 py-3 last:border-b-0 sm:table-row sm:p-0";
const cellClass = "sm:px-4 sm:py-3";
const rowButtonClass =
  "inline-flex min-h-11 items-center rounded-lg border border-red-800 px-4 text-sm font-semibold text-red-900 hover:bg-red-50 disabled:opacity-60";

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table that lays its rows out as cards on a phone; its last column holds the row's button. */
function StaffTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-olive-200 bg-cream">
      <table className="w-full border-collapse text-ink">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-olive-200">
            {columns.map((column) => (
              <th key={column} scope="col" className={headingClass}>
                {column}
              </th>
            ))}
            <th scope="col" className={headingClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-8 text-center">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-ink/75">{text}</p>
    </div>
  );
}

/** One row's button: a form of its own, so that it works before JavaScript loads. */
function RowAction({
  intent,
  idField,
  id,
  label,
  subject,
  busy,
}: {
  intent: IntentOf<typeof staffIntents>;
  idField: "memberId" | "invitationId";
  id: string;
  label: string;
  subject: string;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name={intentField} value={intent} />
      <input type="hidden" name={idField} value={id} />
      <button type="submit" disabled={busy} className={rowButtonClass}>
        {label}
        <span className="sr-only"> {subject}</span>
      </button>
    </Form>
  );
}

function InviteForm({ result, busy }: { result: ActionData; busy: boolean }) {
  const form = useFormFields(staffInvitationFields, {
    initialValues: { email: result?.values?.email },
    serverErrors: result?.fieldErrors,
  });
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-olive-200 bg-cream p-4 sm:flex-row sm:items-start sm:p-5"
    >
      <input type="hidden" name={intentField} value={staffIntents.invite} />
      <TextField
        {...form.field("email")}
        label="E-mail address"
        type="email"
        autoComplete="off"
        maxLength={254}
        hint={`They receive a link that works for ${staffInvitationLifetimeDays} days.`}
        className="flex-1"
      />
      <SubmitButton
        ready={form.isValid}
        busy={busy}
        busyLabel="Sending…"
        className="btn-primary w-full sm:mt-7 sm:w-auto"
      >
        Invite
      </SubmitButton>
    </Form>
  );
}

function Members({ members, me, busy }: Pick<LoaderData, "members" | "me"> & { busy: boolean }) {
  return (
    <Panel id="members-heading" title="Members">
      <StaffTable caption="Members of staff" columns={["Name", "Role", "Two-factor sign-in"]}>
        {members.map((member) => (
          <tr key={member.id} className={rowClass}>
            <td className={`col-span-2 ${cellClass}`}>
              <span className="block font-semibold">{member.name}</span>
              <span className="block text-sm break-all text-ink/75">{member.email}</span>
            </td>
            <td className={`text-sm ${cellClass}`}>
              <span className="inline-flex rounded-full bg-olive-100 px-2.5 py-0.5 text-xs font-semibold text-olive-950">
                {staffRoleLabels[member.role]}
              </span>
            </td>
            <td className={`text-right text-sm sm:text-left ${cellClass}`}>
              <span className="sm:hidden">Two-factor sign-in: </span>
              <span>{member.twoFactorEnabled ? "On" : "Not set up yet"}</span>
            </td>
            <td className={`col-span-2 sm:text-right ${cellClass}`}>
              {canRemoveFromStaff(me, member) ? (
                <RowAction
                  intent={staffIntents.remove}
                  idField="memberId"
                  id={member.id}
                  label="Remove"
                  subject={member.name}
                  busy={busy}
                />
              ) : null}
            </td>
          </tr>
        ))}
      </StaffTable>
      {members.every((member) => member.role === "owner") ? (
        <EmptyState
          title="No staff yet"
          text="Invite the people who work the orders with you: they join with an account of their own."
        />
      ) : null}
    </Panel>
  );
}

function Invitations({ invitations, busy }: Pick<LoaderData, "invitations"> & { busy: boolean }) {
  return (
    <Panel id="invitations-heading" title="Pending invitations">
      {invitations.length === 0 ? (
        <EmptyState
          title="No pending invitations"
          text="An invitation stays here until it is accepted, revoked or expires."
        />
      ) : (
        <StaffTable caption="Pending invitations" columns={["E-mail", "Sent", "Expires"]}>
          {invitations.map((invitation) => (
            <tr key={invitation.id} className={rowClass}>
              <td className={`col-span-2 font-semibold break-all ${cellClass}`}>
                {invitation.email}
              </td>
              <td className={`text-sm text-ink/80 ${cellClass}`}>
                <span className="sm:hidden">Sent </span>
                <ShopTime at={invitation.sentAt} />
              </td>
              <td className={`text-right text-sm text-ink/80 sm:text-left ${cellClass}`}>
                <span className="sm:hidden">Expires </span>
                <ShopTime at={invitation.expiresAt} />
              </td>
              <td className={`col-span-2 sm:text-right ${cellClass}`}>
                <RowAction
                  intent={staffIntents.revoke}
                  idField="invitationId"
                  id={invitation.id}
                  label="Revoke"
                  subject={`the invitation of ${invitation.email}`}
                  busy={busy}
                />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </Panel>
  );
}

/** The owner's staff page: invite by e-mail, the members, and the invitations not yet used. */
export function StaffManagement({
  members,
  invitations,
  me,
  result,
}: LoaderData & { result: ActionData }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Staff</h1>
        <p className="text-ink/80">
          Members of staff work the orders. Only an owner invites and removes them.
        </p>
      </div>
      <ServerErrorAlert error={result?.error} />
      <Panel id="invite-heading" title="Invite a member of staff">
        <InviteForm result={result} busy={busy} />
      </Panel>
      <Members members={members} me={me} busy={busy} />
      <Invitations invitations={invitations} busy={busy} />
    </div>
  );
}
