import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import {
  CookieJar,
  enrolThroughPages,
  postSecondFactor,
  sessionWithoutCode,
  signInWithPassword,
  totpUriIn,
} from "../../test/support/staff";
import { totpCode } from "../../test/support/totp";
import { demoOwner } from "../config.server";
import { auditLog, sessions, twoFactors, users } from "../db/schema.server";

describe.each(testEngines)("the back office's door on %s", (engine) => {
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

  it("sends a signed-out visitor to sign in and back, and answers a customer as at an unknown address", async () => {
    for (const path of ["/admin", "/admin/orders?status=new", "/admin/two-factor"]) {
      const page = await get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toBe(
        `/sign-in?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    // A navigation in the browser asks for the page's data: it comes back to the page itself.
    const data = await get("/admin/customers.data?q=ada&_routes=routes%2Fadmin.customers");
    expect(await data.text()).toContain(
      `"redirect","/sign-in?redirectTo=${encodeURIComponent("/admin/customers?q=ada")}"`,
    );
    const customer = await client.register("curious@example.com");
    for (const path of ["/admin", "/admin/orders", "/admin/two-factor", "/admin/profile"]) {
      const page = await get(path, customer);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toBe("/");
    }
    for (const cookie of ["", customer]) {
      const posted = await client.postForm(
        "/admin/two-factor",
        { intent: "start", password: "olive-grove-1" },
        { cookie },
      );
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).not.toMatch(/^\/admin/);
    }
    expect(await db().select().from(twoFactors)).toEqual([]);
  });

  it("has staff enrol, ending the account's other sessions, then asks for a code at every sign-in", async () => {
    // A session opened with the password before the enrolment, on another device.
    const earlier = new CookieJar();
    await signInWithPassword(client, earlier, demoOwner);
    expect((await get("/admin/orders", earlier.header)).headers.get("Location")).toBe(
      "/admin/two-factor",
    );

    const jar = new CookieJar();
    const signedIn = await signInWithPassword(client, jar, demoOwner);
    expect(signedIn.headers.get("Location")).toBe("/admin");
    const wrongPassword = await client.postForm(
      "/admin/two-factor",
      { intent: "start", password: "not-the-password" },
      { cookie: jar.header },
    );
    expect(wrongPassword.status).toBe(400);
    const started = await client.postForm(
      "/admin/two-factor",
      { intent: "start", password: demoOwner.password },
      { cookie: jar.header },
    );
    const totpUri = totpUriIn(await started.text());
    const secret = new URL(totpUri).searchParams.get("secret") ?? "";
    const confirm = (code: string) =>
      client.postForm(
        "/admin/two-factor",
        { intent: "verify", totpUri, backupCodes: "", code },
        { cookie: jar.header },
      );
    const wrongCode = await confirm(totpCode(secret, Date.now() - 10 * 60_000));
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.text()).toContain(totpUri.replaceAll("&", "&amp;"));
    const enrolled = jar.keep(await confirm(totpCode(secret)));
    expect(enrolled.headers.get("Location")).toBe("/admin");
    expect((await get("/admin", jar.header)).status).toBe(200);

    // The earlier session has ended: it reaches no page and no export.
    for (const path of ["/admin", "/admin/orders.csv", "/admin/customers.csv"]) {
      const answer = await get(path, earlier.header);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location"), path).toMatch(/^\/sign-in\?redirectTo=/);
    }
    const [owner] = await db()
      .select({ id: users.id, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.email, demoOwner.email));
    expect(owner?.twoFactorEnabled).toBe(true);
    const ownSessions = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner?.id ?? ""));
    expect(ownSessions).toHaveLength(1);
    expect(ownSessions[0]?.twoFactorVerifiedAt).toBeInstanceOf(Date);
    expect(await db().select().from(auditLog)).toMatchObject([
      {
        actorId: owner?.id,
        action: "staff.two_factor_enrolled",
        subjectId: owner?.id,
        after: { otherSessionsEnded: 1 },
      },
    ]);

    // Signing in again: the password alone opens no session.
    const later = new CookieJar();
    const password = await signInWithPassword(client, later, demoOwner);
    expect(password.headers.get("Location")).toBe("/sign-in/two-factor?redirectTo=%2Fadmin");
    expect((await get("/admin/orders", later.header)).headers.get("Location")).toMatch(
      /^\/sign-in\?/,
    );
    const code = await postSecondFactor(client, later, {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(code.headers.get("Location")).toBe("/admin");
    expect((await get("/admin/orders", later.header)).status).toBe(200);
  });

  it("asks a session that gave no code for one, as after a Google sign-in, then lets it in", async () => {
    const cookie = await client.register("clerk@example.com");
    const [clerk] = await db()
      .update(users)
      .set({ role: "staff" })
      .where(eq(users.email, "clerk@example.com"))
      .returning({ id: users.id });
    const jar = new CookieJar(cookie);
    const { secret, at } = await enrolThroughPages(client, jar, "olive-grove-1");

    const withoutCode = await sessionWithoutCode(db(), clerk?.id ?? "");
    for (const path of ["/admin/orders", "/admin/customers.csv", "/admin/profile"]) {
      const answer = await get(path, withoutCode);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location"), path).toBe(
        `/sign-in/two-factor?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    const posted = await client.postForm(
      "/admin/two-factor",
      { intent: "start", password: "olive-grove-1" },
      { cookie: withoutCode },
    );
    expect(posted.headers.get("Location")).toBe(
      "/sign-in/two-factor?redirectTo=%2Fadmin%2Ftwo-factor",
    );
    // The code step serves the signed-in session, and its code lets it in.
    const step = await get("/sign-in/two-factor?redirectTo=%2Fadmin%2Fcustomers", withoutCode);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Back to the shop");
    const given = await client.postForm(
      "/sign-in/two-factor",
      { method: "app", code: totpCode(secret, at + 30_000), redirectTo: "/admin/customers" },
      { cookie: withoutCode },
    );
    expect(given.headers.get("Location")).toBe("/admin/customers");
    expect((await get("/admin/customers", withoutCode)).status).toBe(200);
  });

  it("ends a back-office session after 12 idle hours", async () => {
    const cookie = await client.register("newcomer@example.com");
    await db().update(users).set({ role: "staff" }).where(eq(users.email, "newcomer@example.com"));
    // Not enrolled yet: the enrolment is the only page open to them.
    expect((await get("/admin/orders", cookie)).headers.get("Location")).toBe("/admin/two-factor");
    expect((await get("/admin/two-factor", cookie)).status).toBe(200);

    await db().update(sessions).set({ staffSeenAt: sql`now() - interval '13 hours'` });
    const idle = await get("/admin/two-factor", cookie);
    expect(idle.status).toBe(302);
    expect(idle.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fadmin%2Ftwo-factor");
    expect((await get("/account", cookie)).headers.get("Location")).toBe("/");
  });

  it("keeps the audit log append-only", async () => {
    await expect(db().update(auditLog).set({ action: "changed" })).rejects.toThrow();
    await expect(db().delete(auditLog)).rejects.toThrow();
    expect((await db().select().from(auditLog)).map((row) => row.action)).toEqual([
      "staff.two_factor_enrolled",
      "staff.two_factor_enrolled",
    ]);
  });
});
