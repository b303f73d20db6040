/**
 * The back office's door: a signed-in member of staff who has used the back office within the
 * last 12 hours, whose session gave a two-factor code if the account has two-factor sign-in, and
 * (for every page but the enrolment) who is enrolled in it. A signed-out visitor is sent to sign
 * in and brought back; a signed-in customer gets the shop's answer to an unknown address.
 */
import { eq, sql } from "drizzle-orm";
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { authAlerts, secondFactorPath, signInPath } from "~core/auth";
import { canManageStaff, isStaffRole, type StaffRole, staffIdleHours } from "~core/staff";
import { authServices } from "../auth/context.server";
import { redirectWithAlert } from "../auth/responses.server";
import { type CurrentSession, currentSession, needsSecondFactor } from "../auth/session.server";
import { signOut } from "../auth/sign-in.server";
import type { Database } from "../db/client.server";
import { sessions } from "../db/schema.server";

/** The member of staff a back-office request is made by. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** Enrolled in two-factor sign-in: every page but the enrolment requires it. */
  twoFactorEnabled: boolean;
}

export const backOfficeHome = "/admin";
export const twoFactorEnrolmentPath = "/admin/two-factor";

const staffContext = createContext<StaffMember | null>(null);

/** How often the last visit is written: a click a minute is enough to measure 12 idle hours. */
const seenWriteIntervalSeconds = 60;

/**
 * Records a back-office visit of the session. False when the session had been idle in the back
 * office (or since it was opened) for longer than the limit: it must not be used any more.
 */
export async function recordStaffVisit(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ lastSeen: sql<Date>`coalesce(${sessions.staffSeenAt}, ${sessions.createdAt})` })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) return false;
  const idleMs = now.getTime() - new Date(row.lastSeen).getTime();
  if (idleMs > staffIdleHours * 60 * 60_000) return false;
  if (idleMs > seenWriteIntervalSeconds * 1000 || idleMs < 0) {
    await db.update(sessions).set({ staffSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return true;
}

function staffMemberOf(session: CurrentSession & { user: { role: StaffRole } }): StaffMember {
  const { user } = session;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return {
    id: user.id,
    email: user.email,
    name: name || user.email,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
  };
}

function isStaffSession(
  session: CurrentSession | null,
): session is CurrentSession & { user: { role: StaffRole } } {
  return session !== null && isStaffRole(session.user.role);
}

/**
 * Runs before every back-office loader and action. A session idle for too long is ended and
 * sent to sign in again; one that owes its account's code is asked for it.
 */
export const staffGate: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const session = currentSession(context);
  // The page and query asked for (React Router's `url` drops a data request's `.data` and
  // `_routes`), to come back to after signing in.
  const requested = `${url.pathname}${url.search}`;
  if (!session) throw redirect(signInPath(requested));
  if (!isStaffSession(session)) throw redirect("/");
  const services = authServices(context);
  if (!(await recordStaffVisit(services.db, session.id))) {
    const cookies = await signOut(services, request);
    throw await redirectWithAlert(services, signInPath(requested), cookies, authAlerts.loggedOut);
  }
  if (needsSecondFactor(session)) throw redirect(secondFactorPath("app", requested));
  context.set(staffContext, staffMemberOf(session));
  return next();
};

/** Every back-office page but the enrolment itself: staff not yet enrolled are sent to enrol. */
export const enrolledStaffGate: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!currentStaff(context).twoFactorEnabled) throw redirect(twoFactorEnrolmentPath);
  return next();
};

/**
 * The owner's pages (the staff, the settings): to any other member of staff they answer as an
 * unknown address does, as the whole back office does to everyone else, loaders and actions alike.
 */
export const ownerGate: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!canManageStaff(currentStaff(context).role)) refuseAsUnknown();
  return next();
};

/**
 * The answer to a member of staff asking for something their role does not let them see or
 * change (a page, or one object on a page open to them): what an unknown address gets.
 */
export function refuseAsUnknown(): never {
  throw redirect("/");
}

/** The member of staff of this back-office request (the gate has let them in). */
export function currentStaff(context: Readonly<RouterContextProvider>): StaffMember {
  const staff = context.get(staffContext);
  if (!staff) throw new Error("currentStaff() outside the back office");
  return staff;
}
