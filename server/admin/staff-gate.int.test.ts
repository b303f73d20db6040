import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../auth/totp-testing.server";
import { demoOwner } from "../config.server";
import { auditLog, sessions, twoFactors, users } from "../db/schema.server";
import { testEngines } from "../db/testing.server";
import { type RunningTestShop, shopClient, startBuiltShop } from "../http/testing.server";

/** A browser's cookies: each answer's Set-Cookie replaces or removes what it names. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(answer: Response): Response {
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The TOTP address the enrolment page carries in its form. */
function totpUriIn(html: string): string {
  const match = html.match(/name="totpUri" value="([^"]+)"/);
  if (!match?.[1]) throw new Error("The enrolment page shows no TOTP address");
  return match[1].replaceAll("&amp;", "&");
}

describe.each(testEngines)("the back office's door on %s", (engine) => {
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;
  const get = (path: string, cookie = "") =>
    fetch(new URL(path, shop.url), { headers: { Cookie: cookie }, redirect: "manual" });

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    client = shopClient(shop.url);
  });
  afterAll(() => shop.stop());

  async function signIn(jar: CookieJar, email: string, password: string) {
    const fields = { email, password, redirectTo: "/admin" };
    return jar.keep(await client.postForm("/sign-in", fields, { cookie: jar.header }));
  }

  it("answers a signed-out visitor and a customer as at an unknown address, pages and actions", async () => {
    const customer = await client.register("curious@example.com");
    for (const cookie of ["", customer]) {
      for (const path of ["/admin", "/admin/orders", "/admin/two-factor"]) {
        const page = await get(path, cookie);
        expect(page.status, path).toBe(302);
        expect(page.headers.get("Location"), path).toBe("/");
      }
      const posted = await client.postForm(
        "/admin/two-factor",
        { intent: "start", password: "olive-grove-1" },
        { cookie },
      );
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe("/");
    }
    expect(await shop.database.db.select().from(twoFactors)).toEqual([]);
  });

  it("has staff enrol in two-factor sign-in, then asks for a code at every sign-in", async () => {
    const jar = new CookieJar();
    const signedIn = await signIn(jar, demoOwner.email, demoOwner.password);
    expect(signedIn.headers.get("Location")).toBe("/admin");
    const before = await get("/admin/orders", jar.header);
    expect(before.headers.get("Location")).toBe("/admin/two-factor");

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
    expect(started.status).toBe(200);
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
    expect(enrolled.headers.get("Location")).toBe("/admin/orders");
    expect((await get("/admin/orders", jar.header)).status).toBe(200);

    const [owner] = await shop.database.db
      .select({ id: users.id, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.email, demoOwner.email));
    expect(owner?.twoFactorEnabled).toBe(true);
    const audit = await shop.database.db.select().from(auditLog);
    expect(audit).toMatchObject([
      { actorId: owner?.id, action: "staff.two_factor_enrolled", subjectId: owner?.id },
    ]);

    // Signing in again: the password alone opens no session.
    const later = new CookieJar();
    const password = await signIn(later, demoOwner.email, demoOwner.password);
    expect(password.headers.get("Location")).toBe("/sign-in/two-factor?redirectTo=%2Fadmin");
    expect((await get("/admin/orders", later.header)).headers.get("Location")).toBe("/");
    const code = await client.postForm(
      "/sign-in/two-factor",
      { code: totpCode(secret, Date.now() + 30_000), redirectTo: "/admin" },
      { cookie: later.header },
    );
    later.keep(code);
    expect(code.headers.get("Location")).toBe("/admin");
    expect((await get("/admin/orders", later.header)).status).toBe(200);
  });

  it("refuses a code without the password step before it", async () => {
    const answer = await client.postForm("/sign-in/two-factor", {
      code: "123456",
      redirectTo: "/",
    });
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain("This sign-in has expired");
  });

  it("lets staff in, and ends a back-office session after 12 idle hours", async () => {
    const cookie = await client.register("clerk@example.com");
    await shop.database.db
      .update(users)
      .set({ role: "staff" })
      .where(eq(users.email, "clerk@example.com"));
    // Not enrolled yet: the enrolment is the only page open to them.
    expect((await get("/admin/orders", cookie)).headers.get("Location")).toBe("/admin/two-factor");
    expect((await get("/admin/two-factor", cookie)).status).toBe(200);

    await shop.database.db.update(sessions).set({ staffSeenAt: sql`now() - interval '13 hours'` });
    const idle = await get("/admin/two-factor", cookie);
    expect(idle.status).toBe(302);
    expect(idle.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fadmin");
    expect((await get("/account", cookie)).headers.get("Location")).toBe("/");
  });

  it("keeps the audit log append-only", async () => {
    const { db } = shop.database;
    await expect(db.update(auditLog).set({ action: "changed" })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    expect((await db.select().from(auditLog)).map((row) => row.action)).toEqual([
      "staff.two_factor_enrolled",
    ]);
  });
});
