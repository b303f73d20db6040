/**
 * For tests that drive the back office over HTTP: a browser's cookies, the enrolment's pages,
 * and staff sessions made directly in the database.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { StaffRole } from "~core/staff";
import type { Database } from "../../server/db/client.server";
import { sessions, users } from "../../server/db/schema.server";
import { type shopClient, testAuthSecret } from "./shop";
import { totpCode } from "./totp";

/** A browser's cookies: each answer's Set-Cookie replaces or removes what it names. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** A jar holding what a Cookie header sends (a session `client.register` opened). */
  constructor(cookieHeader = "") {
    for (const pair of cookieHeader.split(";")) {
      const [name = "", value = ""] = pair.trim().split("=");
      if (name) this.cookies.set(name, value);
    }
  }

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

type ShopClient = ReturnType<typeof shopClient>;

/** The TOTP address the enrolment page carries in its form. */
export function totpUriIn(html: string): string {
  const match = html.match(/name="totpUri" value="([^"]+)"/);
  if (!match?.[1]) throw new Error("The enrolment page shows no TOTP address");
  return match[1].replaceAll("&amp;", "&");
}

/** The backup codes a page shows, in their list. */
export function backupCodesIn(html: string): string[] {
  const list = html.match(/<ul aria-label="Backup codes"[^>]*>(.*?)<\/ul>/s)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\w-]+)<\/li>/g)].map((match) => match[1] ?? "");
}

/** Signs in with the password, from the sign-in page, on the way to `redirectTo`. */
export async function signInWithPassword(
  client: ShopClient,
  jar: CookieJar,
  who: { email: string; password: string },
  redirectTo = "/admin",
): Promise<Response> {
  const fields = { ...who, redirectTo };
  return jar.keep(await client.postForm("/sign-in", fields, { cookie: jar.header }));
}

/** Posts a code to the sign-in's second step, as its form does. */
export async function postSecondFactor(
  client: ShopClient,
  jar: CookieJar,
  fields: { code: string; method?: "app" | "backup"; redirectTo?: string },
): Promise<Response> {
  const form = { method: "app", redirectTo: "/admin", ...fields };
  return jar.keep(await client.postForm("/sign-in/two-factor", form, { cookie: jar.header }));
}

export interface Enrolment {
  /** The authenticator app's secret (base32). */
  secret: string;
  backupCodes: string[];
  /** When the first code was made: a later sign-in needs a code of a later step. */
  at: number;
}

/** Enrols the signed-in staff session of `jar` through the enrolment page, with the password. */
export async function enrolThroughPages(
  client: ShopClient,
  jar: CookieJar,
  password: string,
): Promise<Enrolment> {
  const started = await client.postForm(
    "/admin/two-factor",
    { intent: "start", password },
    { cookie: jar.header },
  );
  if (started.status !== 200) throw new Error(`The enrolment did not start: ${started.status}`);
  const html = await started.text();
  const totpUri = totpUriIn(html);
  const backupCodes = backupCodesIn(html);
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const at = Date.now();
  const confirmed = jar.keep(
    await client.postForm(
      "/admin/two-factor",
      { intent: "verify", totpUri, backupCodes: backupCodes.join(" "), code: totpCode(secret, at) },
      { cookie: jar.header },
    ),
  );
  if (confirmed.headers.get("Location") !== "/admin") {
    throw new Error(`The enrolment was not confirmed: ${confirmed.status}`);
  }
  return { secret, backupCodes, at };
}

/**
 * A session of `userId` opened without a code, as a Google or Facebook callback opens one (or a
 * password sign-in before the enrolment): its Cookie header, signed as Better Auth signs it.
 */
export async function sessionWithoutCode(db: Database, userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
  });
  const signed = `${token}.${await makeSignature(token, testAuthSecret)}`;
  return `shop.session_token=${encodeURIComponent(signed)}`;
}

/**
 * Makes the registered account `email` a member of staff enrolled in two-factor sign-in whose
 * sessions gave their code, as a real enrolment leaves it (without the authenticator secret).
 */
export async function makeVerifiedStaff(db: Database, email: string, role: StaffRole = "staff") {
  const [member] = await db
    .update(users)
    .set({ role, twoFactorEnabled: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!member) throw new Error(`No account ${email}`);
  await db
    .update(sessions)
    .set({ twoFactorVerifiedAt: new Date() })
    .where(eq(sessions.userId, member.id));
  return member.id;
}
