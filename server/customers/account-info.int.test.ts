import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieHeader,
  createTestShop,
  registerTestCustomer,
  sessionEmail,
  shopRequest,
  type TestCustomer,
  type TestShop,
} from "../../test/support/auth";
import { testEngines } from "../../test/support/database";
import { signInWithPassword } from "../auth/sign-in.server";
import { users } from "../db/schema.server";
import { type AccountInfoChange, updateAccountInfo } from "./account-info.server";

describe.each(testEngines)("account information on %s", (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(() => shop.dispose());

  const password = "olive-grove-1";

  async function signedInCustomer() {
    const { user, cookie } = await registerTestCustomer(shop, {
      firstName: "Grace",
      lastName: "Hopper",
      password,
    });
    return { user, cookie };
  }

  const save = (customer: TestCustomer, change: AccountInfoChange) =>
    updateAccountInfo(
      shop.services(),
      shopRequest("/account", customer.cookie),
      customer.user,
      change,
    );

  const isSignedIn = async (cookie: string) => (await sessionEmail(shop, cookie)) !== null;

  async function stored(id: string) {
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  it("changes nothing without the right current password", async () => {
    const { user, cookie } = await signedInCustomer();
    const outcome = await save(
      { user, cookie, password },
      {
        firstName: "Amazing",
        lastName: "Grace",
        email: "new@example.com",
        newPassword: "brand-new-password",
        currentPassword: "wrong-password",
      },
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_PASSWORD" } });
    expect(await stored(user.id)).toMatchObject({ firstName: "Grace", email: user.email });
  });

  it("updates the name and e-mail together", async () => {
    const { user, cookie } = await signedInCustomer();
    const email = `Amazing.${user.email.replace("@example.com", "")}@Example.com`;
    const outcome = await save(
      { user, cookie, password },
      {
        firstName: "Amazing",
        lastName: "Grace",
        email,
        newPassword: null,
        currentPassword: password,
      },
    );
    expect(outcome).toMatchObject({ ok: true, message: "Account information updated" });
    expect(await stored(user.id)).toMatchObject({
      firstName: "Amazing",
      lastName: "Grace",
      name: "Amazing Grace",
      email: email.toLowerCase(),
    });
  });

  it("keeps the previous e-mail and name when the new e-mail belongs to someone else", async () => {
    const { user, cookie } = await signedInCustomer();
    const other = await signedInCustomer();
    const outcome = await save(
      { user, cookie, password },
      {
        firstName: "Someone",
        lastName: "Else",
        email: other.user.email.toUpperCase(),
        newPassword: null,
        currentPassword: password,
      },
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { message: "Failed to update your account information" },
    });
    expect(await stored(user.id)).toMatchObject({ firstName: "Grace", email: user.email });
  });

  it("changes the password and ends every other session", async () => {
    const { user, cookie } = await signedInCustomer();
    const elsewhere = await signInWithPassword(
      shop.services("198.51.100.200"),
      shopRequest("/sign-in"),
      {
        email: user.email,
        password,
      },
    );
    if (!elsewhere.ok) throw new Error(elsewhere.error.message);
    const otherCookie = cookieHeader(elsewhere.cookies);
    expect(await isSignedIn(otherCookie)).toBe(true);

    const outcome = await save(
      { user, cookie, password },
      {
        ...user,
        newPassword: "a-better-password",
        currentPassword: password,
      },
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.message).toBe("Password updated successfully");
    expect(await isSignedIn(otherCookie)).toBe(false);
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(cookieHeader(outcome.cookies))).toBe(true);

    const signIn = (typed: string) =>
      signInWithPassword(shop.services("198.51.100.201"), shopRequest("/sign-in"), {
        email: user.email,
        password: typed,
      });
    expect((await signIn(password)).ok).toBe(false);
    expect((await signIn("a-better-password")).ok).toBe(true);
  });
});
