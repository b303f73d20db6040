import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { authAlerts } from "~/core/auth";
import { shop } from "../http/context";
import { setFlash } from "../http/flash";
import { authHeaders, sessionCookiePattern } from "./auth";
import { callAuth } from "./outcome";

export type Role = "customer" | "admin";

/** What the pages may know about the signed-in user. */
export interface SignedInUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

export interface CurrentSession {
  user: SignedInUser;
  expiresAt: Date;
}

const sessionContext = createContext<CurrentSession | null>(null);

interface SessionRecord {
  session: { expiresAt: Date };
  user: {
    id: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    role?: string | null;
  };
}

function toCurrentSession({ session, user }: SessionRecord): CurrentSession {
  return {
    user: {
      id: user.id,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
      role: user.role === "admin" ? "admin" : "customer",
    },
    expiresAt: new Date(session.expiresAt),
  };
}

function hasSessionCookie(request: Request): boolean {
  return sessionCookiePattern.test(request.headers.get("Cookie") ?? "");
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
  const { auth, clientIp } = shop(context);
  const found = await callAuth(() =>
    auth.api.getSession({ headers: authHeaders(request, clientIp), returnHeaders: true }),
  );
  const record = found.ok ? found.response : null;
  context.set(sessionContext, record ? toCurrentSession(record) : null);
  return withCookies(await next(), found.ok ? found.cookies : []);
};

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
 * The signed-in user, for loaders and actions that only serve them. Guests are sent to the
 * home page, told 'Logged out successfully' when their session has just ended.
 */
export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SignedInUser> {
  const session = currentSession(context);
  if (session) return session.user;
  if (!sessionEnded(request, context)) throw redirect("/");
  throw redirect("/", {
    headers: { "Set-Cookie": await setFlash(shop(context), authAlerts.loggedOut) },
  });
}
