/**
 * `/create-account?guestId=…`. The guest id is
 * the page's only credential: it lets a guest create the account of the guest's e-mail once.
 * A guest whose e-mail already has an account may only sign in to it, with its password; the
 * guest's orders join that account then, verified or not, since the guest id and the password
 * together prove both sides. Whoever owns the e-mail but not the password resets the password
 * (the link goes to that e-mail), which also signs everyone else out of the account.
 */
import { type OrderStatuses, trackingLink } from "~core/order-status";
import type { AuthServices } from "../auth/context.server";
import type { Failure, Outcome } from "../auth/outcome.server";
import { registerCustomer } from "../auth/registration.server";
import { type PasswordSignIn, signInWithPassword } from "../auth/sign-in.server";
import type { Database } from "../db/client.server";
import { orderStatusesOf } from "../orders/queries.server";
import { claimGuest } from "./guest-orders.server";
import { findGuestById, type Guest } from "./guests.server";
import { refusal } from "./refusal.server";
import { type Account, findAccount } from "./users.server";

/**
 * What the page offers: to create the account; to sign in to the account that holds the
 * guest's orders; or to sign in to the account of the guest's e-mail, which the orders have not
 * joined yet (its e-mail was not verified when they were paid), and so add them to it.
 */
/** Where one of the guest's orders stands, as the guest's page shows it. */
export interface GuestOrderStatus extends OrderStatuses {
  id: string;
  /** The carrier's page, once the order has shipped. */
  trackingUrl: string | null;
}

export type GuestAccount = (
  | { kind: "create"; email: string; firstName: string; lastName: string }
  | { kind: "sign-in" | "sign-in-to-add"; email: string }
) & { orderCount: number; orders: GuestOrderStatus[] };

/** Guest ids are 22 URL-safe characters (128 bits); anything else is no guest at all. */
const guestIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

async function findGuest(db: Database, guestId: string): Promise<Guest | null> {
  return guestIdPattern.test(guestId) ? findGuestById(db, guestId) : null;
}

/** The account the guest was linked to, or else the account of the guest's e-mail. */
function accountOfGuest(db: Database, guest: Guest): Promise<Account | null> {
  return findAccount(db, guest.userId ? { userId: guest.userId } : { email: guest.email });
}

/** What the page shows for this guest id; null when there is no such guest. */
export async function guestAccountOf(db: Database, guestId: string): Promise<GuestAccount | null> {
  const guest = await findGuest(db, guestId);
  if (!guest) return null;
  const [account, statuses] = await Promise.all([
    accountOfGuest(db, guest),
    orderStatusesOf(db, { guestId: guest.id }),
  ]);
  const orders = statuses.map((order) => ({
    ...order,
    trackingUrl: trackingLink(order.trackingUrl),
  }));
  const orderCount = orders.length;
  if (account) {
    const kind = guest.userId ? "sign-in" : "sign-in-to-add";
    return { kind, email: account.email, orderCount, orders };
  }
  const { email, firstName, lastName } = guest;
  return { kind: "create", email, firstName, lastName, orderCount, orders };
}

const guestNotFound = (): Failure => refusal(404, "GUEST_NOT_FOUND", "Failed to get guest data");

/**
 * Creates the account of the guest's e-mail (with its welcome e-mail), then gives it the guest
 * and its orders. Refused when the e-mail has an account already.
 */
export async function createAccountFromGuest(
  services: AuthServices,
  request: Request,
  guestId: string,
  details: { firstName: string; lastName: string; password: string },
): Promise<Outcome> {
  const guest = await findGuest(services.db, guestId);
  if (!guest) return guestNotFound();
  if (guest.userId) {
    return refusal(403, "GUEST_ALREADY_LINKED", "These orders already belong to an account");
  }
  if (await accountOfGuest(services.db, guest)) {
    return refusal(
      403,
      "ACCOUNT_EXISTS",
      "Sign in to the account of this e-mail to add these orders",
    );
  }
  const created = await registerCustomer(services, request, { ...details, email: guest.email });
  if (!created.ok) return created;
  if (!(await claimGuest(services.db, guest.id, created.userId))) {
    services.log.warn({ userId: created.userId }, "guest was linked to another account meanwhile");
  }
  return { ok: true, cookies: created.cookies };
}

/**
 * Signs in to the account of the guest, whose e-mail is fixed, and gives it the guest's orders
 * if they were not linked yet (the account was registered after the guest's first order, or its
 * e-mail was not verified when they were paid).
 */
export async function signInToGuestAccount(
  services: AuthServices,
  request: Request,
  guestId: string,
  password: string,
): Promise<Outcome<PasswordSignIn>> {
  const guest = await findGuest(services.db, guestId);
  if (!guest) return guestNotFound();
  const account = await accountOfGuest(services.db, guest);
  if (!account)
    return refusal(404, "ACCOUNT_NOT_FOUND", "There is no account for these orders yet");
  const signedIn = await signInWithPassword(services, request, { email: account.email, password });
  if (signedIn.ok && !guest.userId) await claimGuest(services.db, guest.id, account.id);
  return signedIn;
}
