/** Who may do what in the back office. */

/** Every account is a customer; the shop's staff are `staff`, and one or more `owner`s. */
export const userRoles = ["customer", "staff", "owner"] as const;
export type UserRole = (typeof userRoles)[number];

export type StaffRole = Exclude<UserRole, "customer">;

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === "staff" || role === "owner";
}

/** Only an owner manages the staff and the shop's settings. */
export function canManageStaff(role: StaffRole): boolean {
  return role === "owner";
}

/** A back-office session ends after this long without a visit to the back office. */
export const staffIdleHours = 12;

/** The back office's success alerts. */
export const staffAlerts = {
  twoFactorEnabled: "Two-factor sign-in is on",
} as const;
