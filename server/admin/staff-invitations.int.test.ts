import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  cookieHeader,
  registerTestCustomer,
  sessionEmail,
  shopRequest,
} from "../../test/support/auth";
import { shopForTests } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import {
  auditLog,
  mailOutbox,
  sessions,
  staffInvitations,
  twoFactors,
  users,
} from "../db/schema.server";
import type { StaffMember } from "./staff-gate.server";
import {
  createAccountAndJoinStaff,
  invitationView,
  inviteToStaff,
  joinStaff,
  pendingInvitations,
  revokeInvitation,
  staffInvitationLookupLimit,
} from "./staff-invitations.server";
import { removeFromStaff, staffMembers } from "./staff-members.server";

const publicUrl = "http://shop.test";
const dayMs = 24 * 60 * 60_000;

describe.each(testEngines)("staff invitations and removal on %s", (engine) => {
  const { shop, db, services } = shopForTests(engine);
  let owner: StaffMember;

  afterEach(() => {
    vi.useRealTimers();
  });

  beforeAll(async () => {
    const { user } = await registerTestCustomer(shop(), { firstName: "Olive", lastName: "Owner" });
    await db().update(users).set({ role: "owner" }).where(eq(users.id, user.id));
    owner = { ...user, name: "Olive Owner", role: "owner", twoFactorEnabled: true };
  });

  /** Invites `email` as the owner; the token of the link the e-mail carries. */
  async function invite(email: string, now?: Date): Promise<string> {
    const invited = await inviteToStaff(db(), publicUrl, owner, email, now);
    if (!invited.ok) throw new Error(invited.message);
    const [mail] = await db()
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, email.toLowerCase()), eq(mailOutbox.template, "staff-invitation")),
      )
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const link = String(mail?.payload.acceptUrl ?? "");
    expect(link).toMatch(/^http:\/\/shop\.test\/staff-invitation\/[\w-]{43}$/);
    return link.split("/").at(-1) ?? "";
  }

  const auditOf = async (subjectId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.subjectId, subjectId))).map((row) => ({
      action: row.action,
      actor: row.actorEmail,
      before: row.before,
      after: row.after,
    }));

  it("invites by e-mail: a hashed token, the link in the outbox, the audit row; twice is refused", async () => {
    const token = await invite("New.Clerk@Example.com");
    const [stored] = await db()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, "new.clerk@example.com"));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.expiresAt.getTime()).toBe((stored?.createdAt.getTime() ?? 0) + 7 * dayMs);
    expect(await auditOf(stored?.id ?? "")).toEqual([
      {
        action: "staff.invited",
        actor: owner.email,
        before: null,
        after: { email: "new.clerk@example.com", expiresAt: stored?.expiresAt.toISOString() },
      },
    ]);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "staff-invitation"));
    expect(mail?.payload).toMatchObject({ invitedByName: "Olive Owner", expiresInDays: 7 });

    const again = await inviteToStaff(db(), publicUrl, owner, "new.clerk@example.COM");
    expect(again).toEqual({
      ok: false,
      message: expect.stringMatching(/^new\.clerk@example\.com has a pending invitation already/),
    });
    const self = await inviteToStaff(db(), publicUrl, owner, owner.email.toUpperCase());
    expect(self).toEqual({ ok: false, message: `${owner.email} is on the staff already` });
    const pending = await pendingInvitations(db());
    expect(pending.map((invitation) => invitation.email)).toEqual(["new.clerk@example.com"]);
  });

  it("lets an invitee without an account create it and join: verified, staff, signed in, once", async () => {
    const token = await invite("fresh@example.com");
    expect(await invitationView(services(), token, null)).toEqual({
      kind: "create",
      email: "fresh@example.com",
    });
    const details = { firstName: "Fresh", lastName: "Clerk", password: "olive-grove-1" };
    const created = await createAccountAndJoinStaff(
      services(),
      shopRequest(`/staff-invitation/${token}`),
      token,
      details,
    );
    if (!created.ok) throw new Error(created.error.message);
    expect(created.joined).toBe(true);
    expect(await sessionEmail(shop(), cookieHeader(created.cookies))).toBe("fresh@example.com");
    const [member] = await db().select().from(users).where(eq(users.email, "fresh@example.com"));
    expect(member).toMatchObject({ role: "staff", emailVerified: true, firstName: "Fresh" });
    const [invitation] = await db()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, "fresh@example.com"));
    expect(invitation?.acceptedAt).toBeInstanceOf(Date);
    expect(await auditOf(member?.id ?? "")).toEqual([
      {
        action: "staff.joined",
        actor: "fresh@example.com",
        before: { role: "customer" },
        after: { role: "staff", invitationId: invitation?.id },
      },
    ]);

    // The link is used: it opens nothing any more.
    expect(await invitationView(services(), token, null)).toEqual({ kind: "invalid" });
    const reused = await createAccountAndJoinStaff(
      services(),
      shopRequest(`/staff-invitation/${token}`),
      token,
      details,
    );
    expect(reused.ok).toBe(false);
    expect(await joinStaff(db(), token, { id: member?.id ?? "", email: "fresh@example.com" })).toBe(
      false,
    );
  });

  it("has an invitee with an account sign in to it, and join with it only", async () => {
    const invitee = await registerTestCustomer(shop(), { firstName: "Existing" });
    const stranger = await registerTestCustomer(shop(), { firstName: "Stranger" });
    const token = await invite(invitee.user.email.toUpperCase());
    const email = invitee.user.email;
    expect(await invitationView(services(), token, null)).toEqual({ kind: "sign-in", email });
    expect(await invitationView(services(), token, stranger.user)).toEqual({
      kind: "other-account",
      email,
      signedInAs: stranger.user.email,
    });
    expect(await joinStaff(db(), token, stranger.user)).toBe(false);
    const visitor = { email: email.toUpperCase() };
    expect(await invitationView(services(), token, visitor)).toEqual({ kind: "join", email });

    expect(await joinStaff(db(), token, invitee.user)).toBe(true);
    const [member] = await db().select().from(users).where(eq(users.id, invitee.user.id));
    expect(member).toMatchObject({ role: "staff", emailVerified: true });
    const [other] = await db().select().from(users).where(eq(users.id, stranger.user.id));
    expect(other?.role).toBe("customer");
    expect(await joinStaff(db(), token, invitee.user)).toBe(false);
  });

  it("refuses an expired, revoked or unknown link, and revokes only a pending invitation", async () => {
    const late = await registerTestCustomer(shop(), { firstName: "Late" });
    const expired = await invite(late.user.email, new Date(Date.now() - 8 * dayMs));
    expect(await invitationView(services(), expired, late.user)).toEqual({ kind: "invalid" });
    expect(await joinStaff(db(), expired, late.user)).toBe(false);

    const withdrawn = await invite(late.user.email);
    const [invitation] = await db()
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, late.user.email)))
      .orderBy(desc(staffInvitations.createdAt))
      .limit(1);
    const revoked = await revokeInvitation(db(), owner, invitation?.id ?? "");
    expect(revoked).toEqual({ ok: true, email: late.user.email });
    expect(await revokeInvitation(db(), owner, invitation?.id ?? "")).toEqual({
      ok: false,
      message: "This invitation is no longer pending",
    });
    expect(await invitationView(services(), withdrawn, late.user)).toEqual({ kind: "invalid" });
    expect(await joinStaff(db(), withdrawn, late.user)).toBe(false);
    expect((await auditOf(invitation?.id ?? "")).map((row) => row.action)).toEqual([
      "staff.invited",
      "staff.invitation_revoked",
    ]);

    const unknown = "A".repeat(43);
    expect(await invitationView(services(), unknown, null)).toEqual({ kind: "invalid" });
    expect(await invitationView(services(), "not-a-token", null)).toEqual({ kind: "invalid" });
    const [user] = await db().select().from(users).where(eq(users.id, late.user.id));
    expect(user?.role).toBe("customer");
  });

  it("counts link lookups per client address", async () => {
    freezeDate();
    const guesser = services();
    for (let lookup = 0; lookup < staffInvitationLookupLimit.limit; lookup += 1) {
      expect((await invitationView(guesser, "B".repeat(43), null)).kind).toBe("invalid");
    }
    const refused = await invitationView(guesser, "B".repeat(43), null);
    expect(refused).toMatchObject({
      kind: "too-many",
      refusal: { status: 429, error: { code: "TOO_MANY_REQUESTS" } },
    });
    expect((await invitationView(services(), "B".repeat(43), null)).kind).toBe("invalid");
  });

  it("removes a member of staff: customer again, sessions ended, two-factor off, audited", async () => {
    const clerk = await registerTestCustomer(shop(), { firstName: "Leaving" });
    await joinStaff(db(), await invite(clerk.user.email), clerk.user);
    await db().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, clerk.user.id));
    await db()
      .insert(twoFactors)
      .values({ id: "tf-leaving", secret: "s", backupCodes: "c", userId: clerk.user.id });
    expect((await staffMembers(db())).map((member) => [member.email, member.role])).toContainEqual([
      clerk.user.email,
      "staff",
    ]);

    expect(await removeFromStaff(db(), owner, clerk.user.id)).toEqual({
      ok: true,
      email: clerk.user.email,
    });
    const [user] = await db().select().from(users).where(eq(users.id, clerk.user.id));
    expect(user).toMatchObject({ role: "customer", twoFactorEnabled: false });
    expect(await db().select().from(sessions).where(eq(sessions.userId, clerk.user.id))).toEqual(
      [],
    );
    expect(
      await db().select().from(twoFactors).where(eq(twoFactors.userId, clerk.user.id)),
    ).toEqual([]);
    expect(await sessionEmail(shop(), clerk.cookie)).toBeNull();
    const removal = (await auditOf(clerk.user.id)).at(-1);
    expect(removal).toEqual({
      action: "staff.removed",
      actor: owner.email,
      before: { email: clerk.user.email, role: "staff", twoFactorEnabled: true },
      after: { role: "customer", twoFactorEnabled: false, sessionsEnded: 1 },
    });
    expect((await staffMembers(db())).map((member) => member.email)).not.toContain(
      clerk.user.email,
    );
  });

  it("removes neither an owner, nor the owner themselves, nor a customer", async () => {
    const otherOwner = await registerTestCustomer(shop(), { firstName: "Second" });
    await db().update(users).set({ role: "owner" }).where(eq(users.id, otherOwner.user.id));
    const shopper = await registerTestCustomer(shop(), { firstName: "Shopper" });
    const refused = {
      ok: false,
      message: "Only a member of staff other than an owner can be removed",
    };
    for (const id of [otherOwner.user.id, owner.id, shopper.user.id, "nobody"]) {
      expect(await removeFromStaff(db(), owner, id)).toEqual(refused);
    }
    const [second] = await db().select().from(users).where(eq(users.id, otherOwner.user.id));
    expect(second?.role).toBe("owner");
    expect(await sessionEmail(shop(), otherOwner.cookie)).toBe(otherOwner.user.email);
  });
});
