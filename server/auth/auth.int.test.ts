import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createTestShop,
  registerTestCustomer,
  sessionEmail,
  shopRequest,
  signIn,
  type TestShop,
  welcomedAsNew,
} from "../../test/support/auth";
import { testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import { accounts, mailOutbox, sessions, users, verifications } from "../db/schema.server";
import { ensureOwnerAccount } from "./owner.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import { registerCustomer } from "./registration.server";
import { signInWithPassword, signOut } from "./sign-in.server";

describe.each(testEngines)("auth on %s", (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(() => shop.dispose());

  async function register() {
    const { user, password, cookie } = await registerTestCustomer(shop);
    return { email: user.email, password, cookie };
  }

  const sessionUser = (cookie: string) => sessionEmail(shop, cookie);

  async function resetTokenFor(email: string): Promise<string> {
    const [mail] = await shop.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "password-reset")));
    const resetUrl = String(mail?.payload.resetUrl);
    return new URL(resetUrl).searchParams.get("token") ?? "";
  }

  it("registers with the profile fields, signs in and queues the welcome and verification e-mails", async () => {
    const { email, cookie } = await register();
    expect(await sessionUser(cookie)).toBe(email);
    const [user] = await shop.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      role: "customer",
      emailVerified: false,
    });
    const mails = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((mail) => mail.template).sort()).toEqual([
      "email-verification",
      "new-account",
    ]);
  });

  it("hashes passwords with argon2id, 19 MiB, 2 passes and one lane", async () => {
    const { email } = await register();
    const [row] = await shop.database.db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a wrong password with the provider's message and code", async () => {
    const { email } = await register();
    const outcome = await signInWithPassword(shop.services(), shopRequest("/sign-in"), {
      email,
      password: "not-the-password",
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 401,
      error: { message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" },
    });
  });

  it("signing out ends the session and forgets the guest", async () => {
    const { cookie } = await register();
    const cleared = await signOut(shop.services(), shopRequest("/logout", `${cookie}; guestId=g1`));
    expect(cleared.some((header) => header.startsWith("shop.session_token=;"))).toBe(true);
    expect(cleared).toContain("guestId=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    // The checkout sessions this browser opened, whose orders the confirmation page shows.
    expect(cleared).toContainEqual(expect.stringMatching(/^checkout=; Max-Age=0; Path=\//));
    expect(await sessionUser(cookie)).toBeNull();
  });

  it("welcomes the session registration opened as new, and a sign-in a moment later as a return", async () => {
    const { email, password, cookie } = await register();
    expect(await welcomedAsNew(shop, cookie)).toBe(true);
    await signOut(shop.services(), shopRequest("/logout", cookie));
    expect(await welcomedAsNew(shop, await signIn(shop, email, password))).toBe(false);
  });

  describe("rate limits", () => {
    beforeEach(() => freezeDate());
    afterEach(() => vi.useRealTimers());

    it("locks an account after 10 sign-in attempts, whichever the address", async () => {
      const { email, password } = await register();
      const attempt = (ip: number, typed: string) =>
        signInWithPassword(shop.services(`192.0.2.${ip}`), shopRequest("/sign-in"), {
          email,
          password: typed,
        });
      for (let i = 0; i < 10; i++) expect((await attempt(i, "wrong-password")).ok).toBe(false);
      const locked = await attempt(99, password);
      expect(locked).toMatchObject({
        ok: false,
        status: 429,
        error: { code: "TOO_MANY_REQUESTS" },
      });
    });

    it("stops one address after 30 sign-in attempts across accounts", async () => {
      const services = shop.services("192.0.2.200");
      for (let i = 0; i < 30; i++) {
        const outcome = await signInWithPassword(services, shopRequest("/sign-in"), {
          email: `nobody${i}@example.com`,
          password: "whatever-1",
        });
        expect(outcome).toMatchObject({ ok: false, status: 401 });
      }
      const blocked = await signInWithPassword(services, shopRequest("/sign-in"), {
        email: "someone-else@example.com",
        password: "whatever-1",
      });
      expect(blocked).toMatchObject({ ok: false, status: 429 });
    });

    it("allows 10 registrations an hour from one address", async () => {
      const services = shop.services("192.0.2.201");
      const outcomes = [];
      for (let i = 0; i < 11; i++) {
        outcomes.push(
          await registerCustomer(services, shopRequest("/register"), {
            firstName: "Many",
            lastName: "Accounts",
            email: `many${i}@example.com`,
            password: "olive-grove-1",
          }),
        );
      }
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([...Array(10).fill(true), false]);
    });

    it("sends at most 3 reset e-mails an hour to one account", async () => {
      const { email } = await register();
      const outcomes = [];
      for (let i = 0; i < 4; i++) {
        outcomes.push(
          await requestPasswordReset(
            shop.services(`192.0.2.${210 + i}`),
            shopRequest("/forgot-password"),
            email,
          ),
        );
      }
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, false]);
      const mails = await shop.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "password-reset")));
      expect(mails).toHaveLength(3);
    });
  });

  describe("password reset", () => {
    it("answers the same for an unknown address and sends nothing", async () => {
      const outcome = await requestPasswordReset(
        shop.services("192.0.2.220"),
        shopRequest("/forgot-password"),
        "nobody-here@example.com",
      );
      expect(outcome).toMatchObject({ ok: true });
      const mails = await shop.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, "nobody-here@example.com"));
      expect(mails).toEqual([]);
    });

    it("e-mails a single-use link that ends every session", async () => {
      const { email, cookie } = await register();
      await requestPasswordReset(
        shop.services("192.0.2.221"),
        shopRequest("/forgot-password"),
        email,
      );
      const token = await resetTokenFor(email);
      expect(token).toMatch(/^\w{24}$/);

      const reset = (newPassword: string) =>
        resetPassword(shop.services("192.0.2.222"), shopRequest("/reset-password"), {
          token,
          newPassword,
        });
      expect(await reset("a-new-password")).toMatchObject({ ok: true });
      expect(await sessionUser(cookie)).toBeNull();
      expect(await reset("another-password")).toMatchObject({
        ok: false,
        error: { code: "INVALID_TOKEN" },
      });
      const signedIn = await signInWithPassword(
        shop.services("192.0.2.223"),
        shopRequest("/sign-in"),
        {
          email,
          password: "a-new-password",
        },
      );
      expect(signedIn.ok).toBe(true);
    });

    it("refuses a link after its 30 minutes", async () => {
      const { email, password } = await register();
      await requestPasswordReset(
        shop.services("192.0.2.224"),
        shopRequest("/forgot-password"),
        email,
      );
      const token = await resetTokenFor(email);
      const [verification] = await shop.database.db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, `reset-password:${token}`));
      const lifetimeMs = (verification?.expiresAt.getTime() ?? 0) - Date.now();
      expect(lifetimeMs).toBeGreaterThan(29 * 60_000);
      expect(lifetimeMs).toBeLessThanOrEqual(30 * 60_000);

      await shop.database.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.identifier, `reset-password:${token}`));
      const outcome = await resetPassword(
        shop.services("192.0.2.225"),
        shopRequest("/reset-password"),
        {
          token,
          newPassword: "too-late-password",
        },
      );
      expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
      const signedIn = await signInWithPassword(
        shop.services("192.0.2.226"),
        shopRequest("/sign-in"),
        {
          email,
          password,
        },
      );
      expect(signedIn.ok).toBe(true);
    });
  });

  describe("owner account", () => {
    const owner = { email: "Owner@TroiaGrove.test", password: "first-owner-password" };

    it("is created with the owner role, then follows a changed password", async () => {
      const auth = shop.services().auth;
      expect(await ensureOwnerAccount(auth, owner)).toBe("created");
      expect(await ensureOwnerAccount(auth, owner)).toBe("unchanged");
      const [user] = await shop.database.db
        .select()
        .from(users)
        .where(eq(users.email, "owner@troiagrove.test"));
      // The operator typed the owner's e-mail: it counts as verified.
      expect(user).toMatchObject({ role: "owner", emailVerified: true });

      const signedIn = await signInWithPassword(
        shop.services("192.0.2.230"),
        shopRequest("/sign-in"),
        owner,
      );
      expect(signedIn.ok).toBe(true);
      const changed = { ...owner, password: "second-owner-password" };
      expect(await ensureOwnerAccount(auth, changed)).toBe("updated");
      const open = await shop.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? ""));
      expect(open).toEqual([]);
      const again = await signInWithPassword(
        shop.services("192.0.2.231"),
        shopRequest("/sign-in"),
        changed,
      );
      expect(again.ok).toBe(true);
    });

    it("promotes an existing customer who is named the owner, and verifies the e-mail", async () => {
      const { email, password } = await register();
      const auth = shop.services().auth;
      expect(await ensureOwnerAccount(auth, { email, password })).toBe("updated");
      const [user] = await shop.database.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ role: "owner", emailVerified: true });
      expect(await ensureOwnerAccount(auth, { email, password })).toBe("unchanged");
    });
  });
});
