import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { verificationLinkLifetimeHours } from "~core/auth";
import { minPasswordLength } from "~core/validation";
import type { ResolvedConfig } from "../config.server";
import { joinPurchasesOfEmail } from "../customers/guest-orders.server";
import type { Database } from "../db/client.server";
import {
  accounts,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from "../db/schema.server";
import type { Logger } from "../logger.server";
import { enqueueMail } from "../mail/outbox.server";
import { hashPassword, verifyPassword } from "./password-hashing.server";

export interface AuthDependencies {
  config: ResolvedConfig;
  db: Database;
  log: Logger;
}

/** Where Better Auth's own HTTP endpoints live; only the OAuth callbacks are routed there. */
const authBasePath = "/api/auth";

/**
 * The header through which the shop hands Better Auth the client address it resolved
 * (honouring TRUST_PROXY); whatever a client sends under this name is overwritten.
 */
const clientIpHeader = "x-shop-client-ip";

/** A request's headers for a Better Auth call, carrying the client address the shop resolved. */
export function authHeaders(requestHeaders: HeadersInit, clientIp: string): Headers {
  const headers = new Headers(requestHeaders);
  headers.set(clientIpHeader, clientIp);
  return headers;
}

const cookiePrefix = "shop";

/** The session cookie's name, with or without the `__Secure-` prefix of https. */
export const sessionCookiePattern = new RegExp(
  `(^|;\\s*)(__Secure-)?${cookiePrefix}\\.session_token=`,
);

const sessionLifetimeSeconds = 7 * 24 * 60 * 60;
const passwordResetLifetimeMinutes = 30;

/** The absolute address of a shop page that an e-mailed link with `token` opens. */
function tokenUrl(publicUrl: string, path: string, token: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The absolute address of the shop page where a reset link lands. */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return tokenUrl(publicUrl, "/reset-password", token);
}

/** The absolute address of the shop page where a verification link lands. */
export function emailVerificationUrl(publicUrl: string, token: string): string {
  return tokenUrl(publicUrl, "/verify-email", token);
}

function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = (name ?? "").trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

function firstNameOf(user: { name: string }): string {
  return "firstName" in user && typeof user.firstName === "string" && user.firstName
    ? user.firstName
    : splitName(user.name).firstName;
}

function socialProviders(config: ResolvedConfig) {
  const { google, facebook } = config.oauth;
  return {
    ...(google
      ? {
          google: {
            ...google,
            prompt: "select_account" as const,
            mapProfileToUser: (profile: { given_name?: string; family_name?: string }) => ({
              firstName: profile.given_name ?? "",
              lastName: profile.family_name ?? "",
            }),
          },
        }
      : {}),
    ...(facebook
      ? {
          facebook: {
            ...facebook,
            mapProfileToUser: (profile: { name?: string }) => splitName(profile.name),
          },
        }
      : {}),
  };
}

function authLogger(log: Logger) {
  return {
    level: "error" as const,
    log: (level: "debug" | "info" | "warn" | "error", message: string, ...details: unknown[]) => {
      const err = details.find((detail) => detail instanceof Error);
      log[level](err ? { err, scope: "auth" } : { scope: "auth" }, message);
    },
  };
}

/**
 * E-mail verification: a link to the shop's /verify-email page, sent through the outbox on
 * registration (and by the shop on an e-mail change or a resend). Better Auth's own
 * verification endpoint is not routed: the shop's page checks that the link is opened in a
 * session of its account first. Before the account is marked verified, what was paid with the
 * e-mail without signing in joins it, so that a failure there leaves the link usable again.
 */
function emailVerification({ config, db }: AuthDependencies) {
  return {
    sendOnSignUp: true,
    expiresIn: verificationLinkLifetimeHours * 60 * 60,
    sendVerificationEmail: async ({
      user,
      token,
    }: {
      user: { email: string; name: string };
      token: string;
    }) => {
      await enqueueMail(db, {
        template: "email-verification",
        to: user.email,
        payload: {
          customerFirstName: firstNameOf(user),
          verifyUrl: emailVerificationUrl(config.publicUrl, token),
          expiresInHours: verificationLinkLifetimeHours,
        },
      });
    },
    beforeEmailVerification: async (user: { id: string; email: string }) => {
      await joinPurchasesOfEmail(db, user);
    },
  };
}

/**
 * Marks the session opened by the request that created its account: an e-mail registration
 * (which signs the shopper in), or a Google or Facebook sign-in that creates the user. Better
 * Auth hands both creations of one request the same endpoint context.
 */
function sessionsOpenedAtRegistration() {
  const requestsCreatingAUser = new WeakSet<object>();
  return {
    user: {
      create: {
        before: async (_user: unknown, request: object | null) => {
          if (request) requestsCreatingAUser.add(request);
        },
      },
    },
    session: {
      create: {
        before: async (_session: unknown, request: object | null) =>
          request && requestsCreatingAUser.has(request)
            ? { data: { openedAtRegistration: true } }
            : undefined,
      },
    },
  };
}

/**
 * The shop's Better Auth instance: e-mail and password with argon2id, sessions in the database
 * behind httpOnly cookies, password reset and e-mail verification through the mail outbox,
 * two-factor sign-in (TOTP) for the accounts that enrolled, and Google or Facebook when their
 * keys are configured.
 */
export function createAuth(dependencies: AuthDependencies) {
  const { config, db, log } = dependencies;
  return betterAuth({
    appName: config.brandName,
    baseURL: config.publicUrl,
    basePath: authBasePath,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "" },
        lastName: { type: "string", required: false, defaultValue: "" },
        role: { type: "string", input: false, defaultValue: "customer" },
        guestId: { type: "string", required: false, input: false },
        paymentCustomerId: { type: "string", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: passwordResetLifetimeMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await enqueueMail(db, {
          template: "password-reset",
          to: user.email,
          payload: {
            customerFirstName: firstNameOf(user),
            resetUrl: passwordResetUrl(config.publicUrl, token),
            expiresInMinutes: passwordResetLifetimeMinutes,
          },
        });
      },
    },
    emailVerification: emailVerification(dependencies),
    socialProviders: socialProviders(config),
    session: {
      expiresIn: sessionLifetimeSeconds,
      updateAge: 24 * 60 * 60,
      additionalFields: {
        // Set by the shop once the session gave a code (`server/auth/two-factor.server.ts`).
        twoFactorVerifiedAt: { type: "date", required: false, input: false },
        openedAtRegistration: { type: "boolean", input: false, defaultValue: false },
      },
    },
    databaseHooks: sessionsOpenedAtRegistration(),
    rateLimit: { enabled: true, storage: "database" },
    advanced: {
      cookiePrefix,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    // A provider callback that cannot be matched to a sign-in lands on the sign-in page.
    onAPIError: { errorURL: `${config.publicUrl}/sign-in` },
    // Staff sign in with a code from an authenticator app as well (the back office requires it).
    plugins: [twoFactor({ issuer: config.brandName })],
    telemetry: { enabled: false },
    logger: authLogger(log),
  });
}

export type Auth = ReturnType<typeof createAuth>;
