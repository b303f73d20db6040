/** Who may do what in the back office. */

/** Every account is a customer; the shop's staff are `staff`, and one or more `owner`s. */
export const userRoles = ["customer", "staff", "owner"] as const;
export type UserRole = (typeof userRoles)[number];

export type StaffRole = Exclude<UserRole, "customer">;

/** A staff role in words. */
export const staffRoleLabels: Record<StaffRole, string> = { owner: "Owner", staff: "Staff" };

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === "staff" || role === "owner";
}

/** Where the back office lives; staff land there when they sign in. */
export const backOfficePath = "/admin";

/** Whether a path inside the shop is a back-office page. */
export function isBackOfficePath(path: string): boolean {
  return path === backOfficePath || /^\/admin[/?#]/.test(path);
}

/**
 * Where a sign-in leads: staff to the back office, unless they were on their way to one of its
 * pages; customers back where they were.
 */
export function signInLanding(role: UserRole, redirectTo: string): string {
  return isStaffRole(role) && !isBackOfficePath(redirectTo) ? backOfficePath : redirectTo;
}

/** Only an owner manages the staff and the shop's settings. */
export function canManageStaff(role: StaffRole): boolean {
  return role === "owner";
}

/** Whether `actor` may take `member` off the staff: an owner removes staff, never an owner or themselves. */
export function canRemoveFromStaff(
  actor: { id: string; role: StaffRole },
  member: { id: string; role: UserRole },
): boolean {
  return canManageStaff(actor.role) && member.role === "staff" && member.id !== actor.id;
}

/** The link of an invitation to join the staff works for this many days. */
export const staffInvitationLifetimeDays = 7;

export type StaffInvitationState = "pending" | "accepted" | "revoked" | "expired";

/** Where an invitation stands at `now`: only a pending one may be accepted or revoked. */
export function staffInvitationState(
  invitation: { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null },
  now: Date,
): StaffInvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() > now.getTime() ? "pending" : "expired";
}

/** When an invitation sent at `sentAt` stops working. */
export function staffInvitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + staffInvitationLifetimeDays * 24 * 60 * 60_000);
}

/** The owner is e-mailed every new paid order; other staff choose on their profile. */
export function choosesNewOrderEmails(role: StaffRole): boolean {
  return role === "staff";
}

/** A back-office session ends after this long without a visit to the back office. */
export const staffIdleHours = 12;

/** The back office's success alerts. */
export const staffAlerts = {
  twoFactorEnabled: "Two-factor sign-in is on",
  joined: "Welcome to the staff",
  newOrderEmailsOn: "Each new paid order will be e-mailed to you",
  newOrderEmailsOff: "New paid orders will no longer be e-mailed to you",
} as const;
