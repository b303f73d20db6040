/**
 * Invitations to join the staff. An owner invites an e-mail address; the e-mailed link opens a
 * shop page outside the back office (whose door turns everyone but staff away), where the
 * invitee joins with the account of that address, signing in or creating it first. The
 * database keeps only the SHA-256 of a link's token, so its rows open nothing.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { formatDate } from "~core/dates";
import {
  isStaffRole,
  staffInvitationExpiry,
  staffInvitationLifetimeDays,
  staffInvitationState,
} from "~core/staff";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { AuthServices } from "../auth/context.server";
import { tooManyAttempts } from "../auth/errors.server";
import type { Failure, Outcome } from "../auth/outcome.server";
import { registerCustomer } from "../auth/registration.server";
import { joinPurchasesOfEmail } from "../customers/guest-orders.server";
import { refusal } from "../customers/refusal.server";
import { findAccount } from "../customers/users.server";
import type { Database } from "../db/client.server";
import { staffInvitations, users } from "../db/schema.server";
import type { ShopContext } from "../http/context.server";
import { consumeRateLimit, type RateLimit } from "../http/rate-limit.server";
import { randomId } from "../ids.server";
import { enqueueMail } from "../mail/outbox.server";
import type { StaffChange } from "./staff-members.server";

/** An invitation the owner may still revoke. */
export interface PendingInvitation {
  id: string;
  email: string;
  sentAt: Date;
  expiresAt: Date;
}

/** Links carry 256 random bits, URL-safe: anything else names no invitation. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The absolute address of the page an invitation's link opens. */
export function staffInvitationUrl(publicUrl: string, token: string): string {
  return new URL(`/staff-invitation/${token}`, publicUrl).toString();
}

function pendingAt(now: Date): SQL | undefined {
  return and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );
}

const sameEmail = (column: typeof users.email | typeof staffInvitations.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** The invitations not yet accepted, revoked or expired, newest first. */
export async function pendingInvitations(
  db: Database,
  now = new Date(),
): Promise<PendingInvitation[]> {
  return db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      sentAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(pendingAt(now))
    .orderBy(asc(staffInvitations.expiresAt));
}

async function isOnStaff(db: Database, email: string): Promise<boolean> {
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(users.email, email), inArray(users.role, ["owner", "staff"])))
    .limit(1);
  return member !== undefined;
}

/**
 * Invites `email` to join the staff: the invitation, its e-mail and the audit row are written
 * together. Refused when the address is on the staff already or has a pending invitation.
 */
export async function inviteToStaff(
  db: Database,
  publicUrl: string,
  inviter: AuditActor & { name: string },
  typedEmail: string,
  now = new Date(),
): Promise<StaffChange> {
  const email = typedEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Two invitations of one address at once: the second waits for the first, then is refused.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invitation:${email}`}))`);
    if (await isOnStaff(tx, email))
      return { ok: false, message: `${email} is on the staff already` };
    const [pending] = await tx
      .select({ expiresAt: staffInvitations.expiresAt })
      .from(staffInvitations)
      .where(and(sameEmail(staffInvitations.email, email), pendingAt(now)));
    if (pending) {
      const until = formatDate(pending.expiresAt);
      return { ok: false, message: `${email} has a pending invitation already (until ${until})` };
    }
    const token = randomId("", 32);
    const invitation = {
      id: randomId("inv_"),
      email,
      tokenHash: tokenHashOf(token),
      invitedBy: inviter.id,
      createdAt: now,
      expiresAt: staffInvitationExpiry(now),
    };
    await tx.insert(staffInvitations).values(invitation);
    await enqueueMail(tx, {
      template: "staff-invitation",
      to: email,
      payload: {
        invitedByName: inviter.name,
        acceptUrl: staffInvitationUrl(publicUrl, token),
        expiresInDays: staffInvitationLifetimeDays,
      },
    });
    await recordAudit(tx, inviter, {
      action: "staff.invited",
      subjectType: "staff_invitation",
      subjectId: invitation.id,
      after: { email, expiresAt: invitation.expiresAt.toISOString() },
    });
    return { ok: true, email };
  });
}

/** The invitation `match` names, locked for the transaction, when it is still pending. */
async function lockPendingInvitation(tx: Database, match: SQL, now: Date) {
  const [invitation] = await tx.select().from(staffInvitations).where(match).for("update");
  return invitation && staffInvitationState(invitation, now) === "pending" ? invitation : null;
}

/** Marks an invitation accepted or revoked: its link stops working. */
async function endInvitation(
  tx: Database,
  invitationId: string,
  ending: { acceptedAt: Date } | { revokedAt: Date },
) {
  await tx.update(staffInvitations).set(ending).where(eq(staffInvitations.id, invitationId));
}

/** Withdraws a pending invitation, with the audit row: its link stops working. */
export async function revokeInvitation(
  db: Database,
  actor: AuditActor,
  invitationId: string,
  now = new Date(),
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, eq(staffInvitations.id, invitationId), now);
    if (!invitation) return { ok: false, message: "This invitation is no longer pending" };
    await endInvitation(tx, invitation.id, { revokedAt: now });
    await recordAudit(tx, actor, {
      action: "staff.invitation_revoked",
      subjectType: "staff_invitation",
      subjectId: invitation.id,
      before: { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() },
      after: { revokedAt: now.toISOString() },
    });
    return { ok: true, email: invitation.email };
  });
}

/** At most 30 invitation links looked up per client in 15 minutes, so tokens cannot be guessed. */
export const staffInvitationLookupLimit: RateLimit = { limit: 30, windowMs: 15 * 60_000 };

/** What the invitation's page offers the visitor. */
export type InvitationView =
  | { kind: "invalid" }
  | { kind: "too-many"; refusal: Failure }
  /** Signed in with the invited address. */
  | { kind: "join"; email: string }
  /** Not signed in; the invited address has an account. */
  | { kind: "sign-in"; email: string }
  /** Not signed in; the invited address has no account yet. */
  | { kind: "create"; email: string }
  | { kind: "other-account"; email: string; signedInAs: string };

async function pendingInvitationOf(db: Database, token: string, now: Date) {
  if (!tokenPattern.test(token)) return null;
  const [invitation] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHashOf(token)));
  return invitation && staffInvitationState(invitation, now) === "pending" ? invitation : null;
}

/** Looks the link's invitation up (counted against the client's limit) for `visitor`. */
export async function invitationView(
  services: Pick<ShopContext, "db" | "clientIp">,
  token: string,
  visitor: { email: string } | null,
  now = new Date(),
): Promise<InvitationView> {
  const { db, clientIp } = services;
  const limit = await consumeRateLimit(
    db,
    `staff-invitation:${clientIp}`,
    staffInvitationLookupLimit,
  );
  if (!limit.allowed) {
    return {
      kind: "too-many",
      refusal: { ok: false, ...tooManyAttempts(limit.retryAfterSeconds) },
    };
  }
  const invitation = await pendingInvitationOf(db, token, now);
  if (!invitation) return { kind: "invalid" };
  const { email } = invitation;
  if (!visitor) {
    return { kind: (await findAccount(db, { email })) ? "sign-in" : "create", email };
  }
  if (visitor.email.toLowerCase() === email.toLowerCase()) return { kind: "join", email };
  return { kind: "other-account", email, signedInAs: visitor.email };
}

/**
 * `account` joins the staff through the link's invitation, when it is still pending and was
 * sent to the account's e-mail: the role, the e-mail counted as verified (the link was sent
 * there), the invitation accepted and the audit row, in one transaction. False otherwise.
 */
export async function joinStaff(
  db: Database,
  token: string,
  account: AuditActor,
  now = new Date(),
): Promise<boolean> {
  if (!tokenPattern.test(token)) return false;
  return db.transaction(async (tx) => {
    const link = eq(staffInvitations.tokenHash, tokenHashOf(token));
    const invitation = await lockPendingInvitation(tx, link, now);
    if (!invitation || invitation.email.toLowerCase() !== account.email.toLowerCase()) {
      return false;
    }
    const [member] = await tx
      .select({ role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, account.id))
      .for("update");
    if (!member) return false;
    const role = isStaffRole(member.role) ? member.role : "staff";
    // As a verification link would: what was paid with the e-mail joins the account.
    if (!member.emailVerified) await joinPurchasesOfEmail(tx, account);
    await tx.update(users).set({ role, emailVerified: true }).where(eq(users.id, account.id));
    await endInvitation(tx, invitation.id, { acceptedAt: now });
    await recordAudit(tx, account, {
      action: "staff.joined",
      subjectType: "staff",
      subjectId: account.id,
      before: { role: member.role },
      after: { role, invitationId: invitation.id },
    });
    return true;
  });
}

/**
 * Creates the account of the invited address through the shop's registration (which signs the
 * invitee in), then joins the staff with it. `joined` is false when the invitation stopped
 * being pending in between: the account stays a customer's.
 */
export async function createAccountAndJoinStaff(
  services: AuthServices,
  request: Request,
  token: string,
  details: { firstName: string; lastName: string; password: string },
): Promise<Outcome<{ joined: boolean }>> {
  const invitation = await pendingInvitationOf(services.db, token, new Date());
  if (!invitation) {
    return refusal(404, "INVITATION_NOT_VALID", "This invitation is no longer valid");
  }
  const created = await registerCustomer(services, request, {
    ...details,
    email: invitation.email,
  });
  if (!created.ok) return created;
  const account = { id: created.userId, email: invitation.email };
  const joined = await joinStaff(services.db, token, account);
  return { ok: true, cookies: created.cookies, joined };
}
