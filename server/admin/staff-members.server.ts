/**
 * The shop's staff as the owner manages them: who is on it, and taking a member off it. A
 * removed member becomes a customer again: their sessions end at once and their two-factor
 * sign-in is turned off, since only the back office asks for it. The person who runs the server
 * may also reset a member's two-factor sign-in.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { canRemoveFromStaff, isStaffRole, type StaffRole } from "~core/staff";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import { findAccount } from "../customers/users.server";
import type { Database } from "../db/client.server";
import { sessions, twoFactors, users } from "../db/schema.server";
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
 * Turns off the two-factor sign-in of `userId` (its secret and backup codes are deleted) and
 * ends every session of the account. Answers how many sessions ended.
 */
async function turnOffTwoFactor(tx: Database, userId: string): Promise<number> {
  await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
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

/** The owners' e-mail addresses, for what only an owner is told (low stock). */
export async function ownerEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, "owner"))
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
    await tx.update(users).set({ role: "customer" }).where(eq(users.id, member.id));
    const sessionsEnded = await turnOffTwoFactor(tx, member.id);
    await recordAudit(tx, actor, {
      action: "staff.removed",
      subjectType: "staff",
      subjectId: member.id,
      before: { email: member.email, role: member.role, twoFactorEnabled: member.twoFactorEnabled },
      after: { role: "customer", twoFactorEnabled: false, sessionsEnded },
    });
    return { ok: true, email: member.email };
  });
}

/** What resetting a member's two-factor sign-in did, or why it was refused. */
export type TwoFactorReset =
  | { ok: true; email: string; wasEnrolled: boolean; sessionsEnded: number }
  | { ok: false; message: string };

/**
 * The way back in for a member of staff who lost their phone and their backup codes, taken by
 * the person who runs the server (`npm run staff:reset-two-factor`): their two-factor sign-in is
 * turned off and every session of theirs ends, so that their next sign-in enrols again. Only
 * an account on the staff can be reset.
 */
export async function resetStaffTwoFactor(
  db: Database,
  actor: AuditActor,
  email: string,
): Promise<TwoFactorReset> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, { email: email.trim() });
    const [member] = account
      ? await tx
          .select({
            id: users.id,
            email: users.email,
            role: users.role,
            enrolled: users.twoFactorEnabled,
          })
          .from(users)
          .where(eq(users.id, account.id))
          .for("update")
      : [];
    if (!member) return { ok: false, message: `There is no account with the e-mail ${email}` };
    if (!isStaffRole(member.role)) {
      return {
        ok: false,
        message: `${member.email} is not on the staff: only staff sign in with a code`,
      };
    }
    const sessionsEnded = await turnOffTwoFactor(tx, member.id);
    await recordAudit(tx, actor, {
      action: "staff.two_factor_reset",
      subjectType: "staff",
      subjectId: member.id,
      before: { email: member.email, twoFactorEnabled: member.enrolled },
      after: { twoFactorEnabled: false, sessionsEnded },
    });
    return { ok: true, email: member.email, wasEnrolled: member.enrolled, sessionsEnded };
  });
}
