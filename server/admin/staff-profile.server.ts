/**
 * A member of staff's own profile: who they are, their backup codes, and (for staff other than
 * the owner, who always gets them) whether each new paid order is e-mailed to them. The e-mails
 * themselves are sent by the orders' side, which reads `user.new_order_emails`.
 */
import { eq } from "drizzle-orm";
import { choosesNewOrderEmails, type StaffRole } from "~core/staff";
import { recordAudit } from "../audit/audit.server";
import type { AuthServices } from "../auth/context.server";
import type { Outcome } from "../auth/outcome.server";
import { backupCodesLeft, renewBackupCodes } from "../auth/two-factor.server";
import type { Database } from "../db/client.server";
import { users } from "../db/schema.server";
import type { StaffMember } from "./staff-gate.server";

/** What a member of staff's profile page shows of them. */
export interface StaffProfile {
  name: string;
  email: string;
  role: StaffRole;
  backupCodesLeft: number;
  /** Whether each new paid order is e-mailed to them; null for the owner, who always is. */
  newOrderEmails: boolean | null;
}

export async function staffProfile(
  services: AuthServices,
  staff: StaffMember,
): Promise<StaffProfile> {
  const [account] = await services.db
    .select({ newOrderEmails: users.newOrderEmails })
    .from(users)
    .where(eq(users.id, staff.id));
  return {
    name: staff.name,
    email: staff.email,
    role: staff.role,
    backupCodesLeft: await backupCodesLeft(services, staff.id),
    newOrderEmails: choosesNewOrderEmails(staff.role) ? (account?.newOrderEmails ?? false) : null,
  };
}

/** A change to the profile: done, or refused with the reason. */
export type ProfileChange = { ok: true } | { ok: false; message: string };

/** Turns the member's new-order e-mails on or off; a change is recorded in the audit log. */
export async function setNewOrderEmails(
  db: Database,
  staff: StaffMember,
  wanted: boolean,
): Promise<ProfileChange> {
  if (!choosesNewOrderEmails(staff.role)) {
    return { ok: false, message: "The owner is e-mailed each new paid order" };
  }
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ newOrderEmails: users.newOrderEmails })
      .from(users)
      .where(eq(users.id, staff.id))
      .for("update");
    if (!account || account.newOrderEmails === wanted) return;
    await tx.update(users).set({ newOrderEmails: wanted }).where(eq(users.id, staff.id));
    await recordAudit(tx, staff, {
      action: "staff.new_order_emails_changed",
      subjectType: "staff",
      subjectId: staff.id,
      before: { newOrderEmails: account.newOrderEmails },
      after: { newOrderEmails: wanted },
    });
  });
  return { ok: true };
}

/**
 * New backup codes for the member of staff, once their password is given again: the old ones
 * stop working. Recorded in the audit log (never the codes).
 */
export async function newBackupCodes(
  services: AuthServices,
  request: Request,
  staff: StaffMember,
  password: string,
): Promise<Outcome<{ backupCodes: string[] }>> {
  const renewed = await renewBackupCodes(services, request, { email: staff.email, password });
  if (renewed.ok) {
    await recordAudit(services.db, staff, {
      action: "staff.backup_codes_renewed",
      subjectType: "staff",
      subjectId: staff.id,
    });
  }
  return renewed;
}
