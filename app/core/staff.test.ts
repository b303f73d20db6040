import { describe, expect, it } from "vitest";
import {
  canManageStaff,
  canRemoveFromStaff,
  isStaffRole,
  staffInvitationExpiry,
  staffInvitationState,
} from "./staff";

describe("staff roles", () => {
  it("counts staff and owners as staff, and nobody else", () => {
    expect(isStaffRole("staff")).toBe(true);
    expect(isStaffRole("owner")).toBe(true);
    expect(isStaffRole("customer")).toBe(false);
    expect(isStaffRole("admin")).toBe(false);
    expect(isStaffRole(null)).toBe(false);
  });

  it("lets only an owner manage the staff", () => {
    expect(canManageStaff("owner")).toBe(true);
    expect(canManageStaff("staff")).toBe(false);
  });

  it("lets an owner remove a member of staff, but not an owner, themselves or a customer", () => {
    const owner = { id: "owner-1", role: "owner" } as const;
    expect(canRemoveFromStaff(owner, { id: "clerk", role: "staff" })).toBe(true);
    expect(canRemoveFromStaff(owner, { id: "owner-2", role: "owner" })).toBe(false);
    expect(canRemoveFromStaff(owner, { id: "owner-1", role: "owner" })).toBe(false);
    expect(canRemoveFromStaff(owner, { id: "shopper", role: "customer" })).toBe(false);
    expect(canRemoveFromStaff({ id: "clerk", role: "staff" }, { id: "c2", role: "staff" })).toBe(
      false,
    );
  });
});

describe("staff invitations", () => {
  const sentAt = new Date("2026-11-20T09:00:00Z");
  const expiresAt = staffInvitationExpiry(sentAt);
  const fresh = { expiresAt, acceptedAt: null, revokedAt: null };

  it("work for seven days", () => {
    expect(expiresAt.toISOString()).toBe("2026-11-27T09:00:00.000Z");
    expect(staffInvitationState(fresh, new Date("2026-11-27T08:59:59Z"))).toBe("pending");
    expect(staffInvitationState(fresh, expiresAt)).toBe("expired");
  });

  it("stop once accepted or revoked, whatever the date", () => {
    const now = new Date("2026-11-21T09:00:00Z");
    expect(staffInvitationState({ ...fresh, acceptedAt: now }, now)).toBe("accepted");
    expect(staffInvitationState({ ...fresh, revokedAt: now }, now)).toBe("revoked");
    expect(
      staffInvitationState({ ...fresh, revokedAt: now }, new Date("2026-12-30T00:00:00Z")),
    ).toBe("revoked");
  });
});
