import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { auditLog, users } from "../db/schema.server";
import type { StaffMember } from "./staff-gate.server";
import { setNewOrderEmails } from "./staff-profile.server";

const clerk: StaffMember = {
  id: "clerk-1",
  email: "clerk@example.com",
  name: "Joan Clerk",
  role: "staff",
  twoFactorEnabled: true,
};
const owner: StaffMember = { ...clerk, id: "owner-1", email: "owner@example.com", role: "owner" };

describe.each(testEngines)("new-order e-mails on a staff profile on %s", (engine) => {
  let database: TestDatabase;
  const db = () => database.db;
  const choice = async (id: string) =>
    (await db().select({ on: users.newOrderEmails }).from(users).where(eq(users.id, id)))[0]?.on;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await db()
      .insert(users)
      .values([clerk, owner].map(({ id, email, role }) => ({ id, email, role, name: id })));
  });
  afterAll(() => database.dispose());

  it("stores a member's choice, recording each change once", async () => {
    expect(await setNewOrderEmails(db(), clerk, true)).toEqual({ ok: true });
    expect(await choice(clerk.id)).toBe(true);
    expect(await setNewOrderEmails(db(), clerk, true)).toEqual({ ok: true });
    expect(await setNewOrderEmails(db(), clerk, false)).toEqual({ ok: true });
    expect(await choice(clerk.id)).toBe(false);
    expect(await db().select().from(auditLog)).toMatchObject([
      {
        actorId: clerk.id,
        action: "staff.new_order_emails_changed",
        subjectId: clerk.id,
        before: { newOrderEmails: false },
        after: { newOrderEmails: true },
      },
      { before: { newOrderEmails: true }, after: { newOrderEmails: false } },
    ]);
  });

  it("leaves the owner, who is always e-mailed, without a choice", async () => {
    expect(await setNewOrderEmails(db(), owner, true)).toEqual({
      ok: false,
      message: "The owner is e-mailed each new paid order",
    });
    expect(await choice(owner.id)).toBe(false);
    const ownerRows = await db().select().from(auditLog).where(eq(auditLog.actorId, owner.id));
    expect(ownerRows).toEqual([]);
  });
});
