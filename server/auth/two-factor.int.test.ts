import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../test/support/database";
import { builtShopWithClientPerTest } from "../../test/support/shop";
import {
  CookieJar,
  type Enrolment,
  enrolThroughPages,
  postSecondFactor,
  sessionWithoutCode,
  signInWithPassword,
} from "../../test/support/staff";
import { totpCode } from "../../test/support/totp";
import { auditLog, sessions, users } from "../db/schema.server";

const password = "olive-grove-1";

describe.each(testEngines)("codes and backup codes at sign-in on %s", (engine) => {
  const built = builtShopWithClientPerTest(engine);
  const db = () => built.shop.database.db;
  const get = (path: string, cookie: string) =>
    fetch(new URL(path, built.shop.url), { headers: { Cookie: cookie }, redirect: "manual" });

  /** A member of staff enrolled through the pages: their id, e-mail and authenticator. */
  async function enrolledStaff(name: string): Promise<Enrolment & { id: string; email: string }> {
    const email = `${name}@example.com`;
    const jar = new CookieJar(await built.client.register(email));
    const [member] = await db()
      .update(users)
      .set({ role: "staff" })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    return {
      ...(await enrolThroughPages(built.client, jar, password)),
      id: member?.id ?? "",
      email,
    };
  }

  const sessionCount = async (userId: string) =>
    (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("accepts a code from the app once: the same code signs in once", async () => {
    const clerk = await enrolledStaff("once");
    const code = totpCode(clerk.secret, clerk.at + 30_000);
    const first = new CookieJar();
    await signInWithPassword(built.client, first, { email: clerk.email, password });
    const signedIn = await postSecondFactor(built.client, first, { code });
    expect(signedIn.headers.get("Location")).toBe("/admin");
    expect((await get("/admin/orders", first.header)).status).toBe(200);
    const before = await sessionCount(clerk.id);

    const second = new CookieJar();
    await signInWithPassword(built.client, second, { email: clerk.email, password });
    const replayed = await postSecondFactor(built.client, second, { code });
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain("This code has already been used.");
    expect(replayed.headers.getSetCookie().join()).not.toContain("session_token=");
    expect(await sessionCount(clerk.id)).toBe(before);
    expect((await get("/admin/orders", second.header)).headers.get("Location")).toMatch(
      /^\/sign-in\?/,
    );
  });

  it("lets one of two sign-ins that send the same code at once in, and not the other", async () => {
    const clerk = await enrolledStaff("twice");
    const code = totpCode(clerk.secret, clerk.at + 30_000);
    const jars = [new CookieJar(), new CookieJar()];
    for (const jar of jars)
      await signInWithPassword(built.client, jar, { email: clerk.email, password });
    const answers = await Promise.all(
      jars.map((jar) => postSecondFactor(built.client, jar, { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 401]);
    const verified = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, clerk.id), isNotNull(sessions.twoFactorVerifiedAt)));
    // The enrolment's session and the one sign-in that got in.
    expect(verified).toHaveLength(2);
    expect(await sessionCount(clerk.id)).toBe(2);
  });

  it("asks a session without a code for a fresh one: a code used already is refused", async () => {
    const clerk = await enrolledStaff("fresh");
    const code = totpCode(clerk.secret, clerk.at + 30_000);
    const google = await sessionWithoutCode(db(), clerk.id);
    const given = await built.client.postForm(
      "/sign-in/two-factor",
      { method: "app", code, redirectTo: "/admin/orders" },
      { cookie: google },
    );
    expect(given.headers.get("Location")).toBe("/admin/orders");
    const other = await sessionWithoutCode(db(), clerk.id);
    const replayed = await built.client.postForm(
      "/sign-in/two-factor",
      { method: "app", code, redirectTo: "/admin/orders" },
      { cookie: other },
    );
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain(
      "This code has already been used. Please wait for the next code in your app.",
    );
    expect((await get("/admin/orders", other)).headers.get("Location")).toBe(
      "/sign-in/two-factor?redirectTo=%2Fadmin%2Forders",
    );
  });

  it("signs in with a backup code once, typed with or without its dash", async () => {
    const clerk = await enrolledStaff("backup");
    const [firstCode = "", secondCode = ""] = clerk.backupCodes;
    expect(clerk.backupCodes).toHaveLength(10);
    const signInWith = async (code: string) => {
      const jar = new CookieJar();
      await signInWithPassword(built.client, jar, { email: clerk.email, password });
      return { jar, answer: await postSecondFactor(built.client, jar, { code, method: "backup" }) };
    };
    const first = await signInWith(firstCode);
    expect(first.answer.headers.get("Location")).toBe("/admin");
    expect((await get("/admin/orders", first.jar.header)).status).toBe(200);
    const again = await signInWith(firstCode);
    expect(again.answer.status).toBe(401);
    expect((await get("/admin/orders", again.jar.header)).status).toBe(302);
    const undashed = await signInWith(secondCode.replace("-", ""));
    expect(undashed.answer.headers.get("Location")).toBe("/admin");

    const profile = await get("/admin/profile", first.jar.header);
    expect(await profile.text()).toContain("You have 8 unused backup codes.");
  });

  it("gives new backup codes on the profile, with the password, and the old ones stop working", async () => {
    const clerk = await enrolledStaff("renew");
    const jar = new CookieJar();
    await signInWithPassword(built.client, jar, { email: clerk.email, password });
    await postSecondFactor(built.client, jar, {
      code: clerk.backupCodes[0] ?? "",
      method: "backup",
    });
    const renew = (typed: string) =>
      built.client.postForm(
        "/admin/profile",
        { intent: "new-backup-codes", password: typed },
        { cookie: jar.header },
      );
    const wrong = await renew("not-the-password");
    expect(wrong.status).toBe(400);
    const renewed = await renew(password);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await renewed.text();
    expect(page).toContain("Your new backup codes");
    const newCodes = [...page.matchAll(/<li[^>]*>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/li>/g)].map(
      (match) => match[1],
    );
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(clerk.backupCodes[1]);

    const later = new CookieJar();
    await signInWithPassword(built.client, later, { email: clerk.email, password });
    const old = await postSecondFactor(built.client, later, {
      code: clerk.backupCodes[1] ?? "",
      method: "backup",
    });
    expect(old.status).toBe(401);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, clerk.id));
    expect(actions.map((row) => row.action)).toEqual([
      "staff.two_factor_enrolled",
      "staff.backup_codes_renewed",
    ]);
  });
});
