import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { authAlerts } from "~core/auth";
import { isStaffRole, type UserRole } from "~core/staff";
import { shop } from "../http/context.server";
import { setFlash } from "../http/flash.server";
import { type Auth, authHeaders, sessionCookiePattern } from "./auth.server";
import { authContext } from "./context.server";
import { callAuth } from "./outcome.server";

/** What the pages may know about the signed-in user. */
export interface SignedInUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Whether the owner of the e-mail proved it (the link sent there, or Google). */
  emailVerified: boolean;
  role: UserRole;
  /** Whether sign-in asks for a code from the authenticator app too. */
  twoFactorEnabled: boolean;
}

export interface CurrentSession {
  id: string;
  user: SignedInUser;
  expiresAt: Date;
  /** Whether the request that created the account opened this session (not a later sign-in). */
  openedAtRegistration: boolean;
  accountCreatedAt: Date;
  /** Whether this session gave a two-factor code (or a backup code) after its password. */
  twoFactorVerified: boolean;
}

const sessionContext = createContext<CurrentSession | null>(null);

interface SessionRecord {
  session: {
    id: string;
    expiresAt: Date;
    twoFactorVerifiedAt?: Date | null;
    openedAtRegistration?: boolean | null;
  };
  user: {
    id: string;
    createdAt: Date;
    email: string;
    emailVerified?: boolean | null;
    firstName?: string | null;
    lastName?: string | null;
    role?: string | null;
    twoFactorEnabled?: boolean | null;
  };
}

function toCurrentSession({ session, user }: SessionRecord): CurrentSession {
  return {
    id: session.id,
    user: {
      id: user.id,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
      emailVerified: user.emailVerified === true,
      role: isStaffRole(user.role) ? user.role : "customer",
      twoFactorEnabled: user.twoFactorEnabled === true,
    },
    expiresAt: new Date(session.expiresAt),
    openedAtRegistration: session.openedAtRegistration === true,
    accountCreatedAt: new Date(user.createdAt),
    twoFactorVerified: Boolean(session.twoFactorVerifiedAt),
  };
}

/**
 * Whether the session still owes its account's second factor: the account has two-factor
 * sign-in but the session never gave a code (a Google or Facebook sign-in, a session opened
 * before the enrolment).
 */
export function needsSecondFactor(session: CurrentSession): boolean {
  return session.user.twoFactorEnabled && !session.twoFactorVerified;
}

/** Whether a Cookie header carries a session cookie: without one there is nothing to look up. */
export function carriesSessionCookie(cookieHeader: string | null | undefined): boolean {
  return sessionCookiePattern.test(cookieHeader ?? "");
}

function hasSessionCookie(request: Request): boolean {
  return carriesSessionCookie(request.headers.get("Cookie"));
}

/**
 * The session a request's headers open (refreshing it when it is due: `cookies` then renew it),
 * or null when it expired or was revoked.
 */
export async function lookUpSession(
  auth: Auth,
  headers: Headers,
): Promise<{ session: CurrentSession | null; cookies: string[] }> {
  const found = await callAuth(() => auth.api.getSession({ headers, returnHeaders: true }));
  const record = found.ok ? found.response : null;
  return {
    session: record ? toCurrentSession(record) : null,
    cookies: found.ok ? found.cookies : [],
  };
}

/** Adds cookies to a response, copying it first when its headers are frozen. */
function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
  return copy;
}

/**
 * Reads the session once per request (refreshing it when it is due, which renews its cookie)
 * and makes it available to every loader and action of the request.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  // Without a session cookie there is no session to look up: guests skip the auth library.
  if (!hasSessionCookie(request)) {
    context.set(sessionContext, null);
    return next();
  }
  const headers = authHeaders(request.headers, shop(context).clientIp);
  const { session, cookies } = await lookUpSession(context.get(authContext), headers);
  context.set(sessionContext, session);
  const keepsCookie = session === null && isBackgroundRequest(request);
  return withCookies(await next(), keepsCookie ? [] : cookies);
};

/**
 * A request the page's scripts send on their own (`/api/…`: analytics, the cart, checkout). It
 * may leave with a session's token just before a sign-in step replaces that session; clearing
 * the cookie in its answer would then sign the browser out of the new session. Pages still clear
 * a cookie that opens nothing.
 */
function isBackgroundRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** The session of this request, or null for a guest. */
export function currentSession(context: Readonly<RouterContextProvider>): CurrentSession | null {
  return context.get(sessionContext);
}

/**
 * True when the browser still sends a session cookie that no longer opens a session: it
 * expired or was revoked (a password changed elsewhere). The shopper is told they were signed
 * out.
 */
export function sessionEnded(request: Request, context: Readonly<RouterContextProvider>): boolean {
  return currentSession(context) === null && hasSessionCookie(request);
}

/**
 * The signed-in session, for loaders and actions that only serve signed-in users. Guests are
 * sent to the home page, told 'Logged out successfully' when their session has just ended.
 */
export async function requireSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CurrentSession> {
  const session = currentSession(context);
  if (session) return session;
  if (!sessionEnded(request, context)) throw redirect("/");
  throw redirect("/", {
    headers: { "Set-Cookie": setFlash(shop(context), authAlerts.loggedOut) },
  });
}

/** The signed-in user, for loaders and actions that only serve them (see `requireSession`). */
export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SignedInUser> {
  return (await requireSession(request, context)).user;
}
