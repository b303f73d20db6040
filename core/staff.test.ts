import { describe, expect, it } from "vitest";
import {
  canManageStaff,
  canRemoveFromStaff,
  choosesNewOrderEmails,
  isBackOfficePath,
  isStaffRole,
  signInLanding,
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

describe("where a sign-in leads", () => {
  it("knows the back office's pages from the shop's", () => {
    for (const path of ["/admin", "/admin/orders", "/admin?x=1", "/admin/orders.csv?status=new"]) {
      expect(isBackOfficePath(path), path).toBe(true);
    }
    for (const path of ["/", "/administrator", "/account", "/sign-in?redirectTo=/admin"]) {
      expect(isBackOfficePath(path), path).toBe(false);
    }
  });

  it("takes staff to the back office, or to the back-office page they were going to", () => {
    expect(signInLanding("owner", "/")).toBe("/admin");
    expect(signInLanding("staff", "/our-olive-oils")).toBe("/admin");
    expect(signInLanding("staff", "/admin/customers?q=ada")).toBe("/admin/customers?q=ada");
  });

  it("takes a customer back where they were", () => {
    expect(signInLanding("customer", "/our-olive-oils")).toBe("/our-olive-oils");
    expect(signInLanding("customer", "/admin/orders")).toBe("/admin/orders");
  });

  it("lets staff, not the owner, choose whether new orders are e-mailed to them", () => {
    expect(choosesNewOrderEmails("staff")).toBe(true);
    expect(choosesNewOrderEmails("owner")).toBe(false);
  });
});
