/**
 * The shop's staff as the owner manages them: who is on it, and taking a member off it. A
 * removed member becomes a customer again: their sessions end at once and their two-factor
 * sign-in is turned off, since only the back office asks for it.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { canRemoveFromStaff, isStaffRole, type StaffRole } from "~/core/staff";
import type { Database } from "../db/client.server";
import { sessions, twoFactors, users } from "../db/schema.server";
import { recordAudit } from "./audit.server";
import type { StaffMember } from "./staff-gate.server";

/** A member of staff as the staff page lists them. */
export interface StaffListing {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
}

/** The name a person of the shop is shown by in the back office: their e-mail if they gave none. */
export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Everyone on the staff, owners first, then by name. */
export async function staffMembers(db: Database): Promise<StaffListing[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(inArray(users.role, ["owner", "staff"]))
    // 'owner' sorts before 'staff'.
    .orderBy(asc(users.role), asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.flatMap(({ role, ...row }) =>
    isStaffRole(role) ? [{ ...row, role, name: displayName(row) }] : [],
  );
}

/**
 * Who is e-mailed each new paid order: every owner, and the staff who asked for it
 * (`new_order_emails`); customers never are.
 */
export async function newOrderRecipients(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      or(eq(users.role, "owner"), and(eq(users.role, "staff"), eq(users.newOrderEmails, true))),
    )
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/** A change to the staff or its invitations: done for the e-mail, or refused with the reason. */
export type StaffChange = { ok: true; email: string } | { ok: false; message: string };

/**
 * Takes `memberId` off the staff, with the audit row, in one transaction: their role becomes
 * customer, their two-factor sign-in is removed and every session of theirs ends. Only a member
 * with the staff role can be removed, and never by themselves.
 */
export async function removeFromStaff(
  db: Database,
  actor: StaffMember,
  memberId: string,
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        twoFactorEnabled: users.twoFactorEnabled,
      })
      .from(users)
      .where(eq(users.id, memberId))
      .for("update");
    if (!member || !canRemoveFromStaff(actor, member)) {
      return { ok: false, message: "Only a member of staff other than an owner can be removed" };
    }
    await tx
      .update(users)
      .set({ role: "customer", twoFactorEnabled: false })
      .where(eq(users.id, member.id));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, member.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, member.id))
      .returning({ id: sessions.id });
    await recordAudit(tx, actor, {
      action: "staff.removed",
      subjectType: "staff",
      subjectId: member.id,
      before: { email: member.email, role: member.role, twoFactorEnabled: member.twoFactorEnabled },
      after: { role: "customer", twoFactorEnabled: false, sessionsEnded: ended.length },
    });
    return { ok: true, email: member.email };
  });
}
