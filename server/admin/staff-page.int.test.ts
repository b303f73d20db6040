import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "~core/staff";
import { cookieHeader } from "../../test/support/auth";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { auditLog, mailOutbox, staffInvitations, users } from "../db/schema.server";

describe.each(testEngines)("the staff page over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;
  const get = (path: string, cookie = "") =>
    fetch(new URL(path, shop.url), { headers: { Cookie: cookie }, redirect: "manual" });
  const db = () => shop.database.db;

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    client = shopClient(shop.url);
  });
  afterAll(() => shop.stop());

  /** A registered account given `role`, enrolled in two-factor sign-in; its verified session's cookie. */
  async function enrolledAs(email: string, role: StaffRole): Promise<string> {
    const cookie = await client.register(email);
    await makeVerifiedStaff(db(), email, role);
    return cookie;
  }

  async function idOf(email: string): Promise<string> {
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return user?.id ?? "";
  }

  async function invitationLink(email: string): Promise<string> {
    const [mail] = await db()
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "staff-invitation")));
    return new URL(String(mail?.payload.acceptUrl)).pathname;
  }

  const postStaff = (cookie: string, fields: Record<string, string>) =>
    client.postForm("/admin/staff", fields, { cookie });

  it("answers a member of staff as an unknown address, for the page and every owner action", async () => {
    const owner = await enrolledAs("boss@example.com", "owner");
    const clerk = await enrolledAs("clerk@example.com", "staff");
    await enrolledAs("colleague@example.com", "staff");
    const invited = await postStaff(owner, { intent: "invite", email: "pending@example.com" });
    expect(invited.headers.get("Location")).toBe("/admin/staff");
    const [pending] = await db().select().from(staffInvitations);

    const ownersPage = await get("/admin/staff", owner);
    expect(ownersPage.status).toBe(200);
    const html = await ownersPage.text();
    for (const shown of ["colleague@example.com", "pending@example.com", 'href="/admin/staff"']) {
      expect(html).toContain(shown);
    }
    const clerksInbox = await get("/admin/orders", clerk);
    expect(clerksInbox.status).toBe(200);
    expect(await clerksInbox.text()).not.toContain('href="/admin/staff"');

    expect((await get("/admin/staff", clerk)).headers.get("Location")).toBe("/");
    const attempts: Record<string, string>[] = [
      { intent: "invite", email: "friend@example.com" },
      { intent: "remove", memberId: await idOf("colleague@example.com") },
      { intent: "revoke", invitationId: pending?.id ?? "" },
    ];
    for (const fields of attempts) {
      const answer = await postStaff(clerk, fields);
      expect(answer.status, fields.intent).toBe(302);
      expect(answer.headers.get("Location"), fields.intent).toBe("/");
    }
    expect(await db().select().from(staffInvitations)).toEqual([pending]);
    const [colleague] = await db()
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, "colleague@example.com"));
    expect(colleague?.role).toBe("staff");
    const audit = await db().select({ action: auditLog.action }).from(auditLog);
    expect(audit).toEqual([{ action: "staff.invited" }]);
  });

  it("lets an invitee create their account through the link; removed, they find no back office", async () => {
    const owner = await enrolledAs("owner2@example.com", "owner");
    await postStaff(owner, { intent: "invite", email: "joiner@example.com" });
    const link = await invitationLink("joiner@example.com");

    const page = await get(link);
    expect(page.status).toBe(200);
    // The last policy a browser understands applies.
    expect(page.headers.get("Referrer-Policy")).toMatch(/no-referrer$/);
    expect(await page.text()).toContain("Create your account to join the staff");
    const joined = await client.postForm(link, {
      intent: "create-account",
      firstName: "Joan",
      lastName: "Joiner",
      password: "olive-grove-1",
    });
    expect(joined.headers.get("Location")).toBe("/admin");
    const joiner = cookieHeader(joined.headers.getSetCookie());
    expect((await get("/admin/orders", joiner)).headers.get("Location")).toBe("/admin/two-factor");
    const used = await get(link, joiner);
    expect(used.status).toBe(404);
    expect(await used.text()).toContain("This invitation is no longer valid");

    const removed = await postStaff(owner, {
      intent: "remove",
      memberId: await idOf("joiner@example.com"),
    });
    expect(removed.headers.get("Location")).toBe("/admin/staff");
    expect((await get("/admin/two-factor", joiner)).headers.get("Location")).toBe(
      "/sign-in?redirectTo=%2Fadmin%2Ftwo-factor",
    );
  });
});
