import { and, desc, eq } from "drizzle-orm";
import pino from "pino";
import { isNewAccount } from "../../core/account-greeting";
import { createAuth } from "../../server/auth/auth.server";
import type { AuthServices } from "../../server/auth/context.server";
import { verifyEmailAddress } from "../../server/auth/email-verification.server";
import type { Outcome } from "../../server/auth/outcome.server";
import { registerCustomer } from "../../server/auth/registration.server";
import { lookUpSession, type SignedInUser } from "../../server/auth/session.server";
import { signInWithPassword } from "../../server/auth/sign-in.server";
import { parseConfig } from "../../server/config.server";
import { mailOutbox, users } from "../../server/db/schema.server";
import { seedStock } from "../../server/db/seed/seed.server";
import { cookieHeader } from "../../server/http/cookies.server";
import type { PaymentServices } from "../../server/payments/context.server";
import { createPaymentProvider } from "../../server/payments/payments.server";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./database";
import { testAuthSecret } from "./shop";

export const testPublicUrl = "http://shop.test";

export interface TestShop {
  database: TestDatabase;
  /** The services a loader or action receives, for a shopper at `clientIp`. */
  services: (clientIp?: string) => AuthServices & PaymentServices;
  dispose: () => Promise<void>;
}

/** A migrated database with stocked shelves and the shop's Better Auth on it, as the server builds them. */
export async function createTestShop(
  engine: TestEngine,
  env: Record<string, string> = {},
): Promise<TestShop> {
  const database = await createTestDatabase(engine);
  await seedStock(database.db);
  const config = {
    ...parseConfig({ PUBLIC_URL: testPublicUrl, ...env }),
    authSecret: testAuthSecret,
  };
  const log = pino({ level: "silent" });
  const auth = createAuth({ config, db: database.db, log });
  const payments = createPaymentProvider(config, database.db);
  return {
    database,
    services: (clientIp = "203.0.113.10") => ({
      config,
      db: database.db,
      log,
      cspNonce: () => "",
      security: { https: false, development: false, formActionOrigins: [] },
      clientIp,
      auth,
      payments,
      pages: null,
      readiness: async () => ({ ready: true, database: engine }),
    }),
    dispose: () => database.dispose(),
  };
}

/** The Cookie header a browser would send back after receiving Set-Cookie lines. */
export { cookieHeader };

/** A form post from the shop's own page, carrying `cookie` when given. */
export function shopRequest(path: string, cookie?: string): Request {
  const headers = new Headers({ Origin: testPublicUrl });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, testPublicUrl), { method: "POST", headers });
}

export interface TestCustomer {
  user: SignedInUser;
  password: string;
  /** The Cookie header of the session registration opened. */
  cookie: string;
}

let registeredCount = 0;

/** A customer registered through the shop's own registration, each from an address of its own. */
export async function registerTestCustomer(
  shop: TestShop,
  { firstName = "Ada", lastName = "Lovelace", password = "olive-grove-1" } = {},
): Promise<TestCustomer> {
  registeredCount += 1;
  const email = `${firstName.toLowerCase()}${registeredCount}@example.com`;
  const services = shop.services(`198.51.100.${registeredCount % 250}`);
  const outcome = await registerCustomer(services, shopRequest("/register"), {
    firstName,
    lastName,
    email,
    password,
  });
  if (!outcome.ok) throw new Error(outcome.error.message);
  const [row] = await shop.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} was not stored`);
  const user: SignedInUser = {
    id: row.id,
    firstName,
    lastName,
    email,
    emailVerified: false,
    role: "customer",
    twoFactorEnabled: false,
  };
  return { user, password, cookie: cookieHeader(outcome.cookies) };
}

/** The e-mail of the user whose session `cookie` opens, or null. */
export async function sessionEmail(shop: TestShop, cookie: string): Promise<string | null> {
  const session = await shop.services().auth.api.getSession({ headers: new Headers({ cookie }) });
  return session?.user.email ?? null;
}

/** Whether the account page greets the session `cookie` opens as a new account's. */
export async function welcomedAsNew(shop: TestShop, cookie: string): Promise<boolean> {
  const { session } = await lookUpSession(shop.services().auth, new Headers({ cookie }));
  if (!session) throw new Error("the cookie opens no session");
  return isNewAccount(session, new Date());
}

/** The Cookie header of a new session of the account, signed in with its password. */
export async function signIn(shop: TestShop, email: string, password: string): Promise<string> {
  const signedIn = await signInWithPassword(shop.services(), shopRequest("/sign-in"), {
    email,
    password,
  });
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  return cookieHeader(signedIn.cookies);
}

/** The link of the newest verification e-mail to `email`, as its mailbox shows it. */
export async function verificationLinkTo(shop: TestShop, email: string): Promise<string> {
  const [mail] = await shop.database.db
    .select({ payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "email-verification")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no verification e-mail to ${email}`);
  return String(mail.payload.verifyUrl);
}

/** Opens a verification link in a browser signed in to `account` with the session `cookie`. */
export function openVerificationLink(
  shop: TestShop,
  link: string,
  account: { user: SignedInUser; cookie: string },
): Promise<Outcome> {
  const token = new URL(link).searchParams.get("token") ?? "";
  const request = new Request(link, { headers: { cookie: account.cookie } });
  return verifyEmailAddress(shop.services(), request, account.user, token);
}
