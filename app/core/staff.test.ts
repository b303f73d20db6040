import { describe, expect, it } from "vitest";
import { canManageStaff, isStaffRole } from "./staff";

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
});
