/** What checkout and the account pages need to know about registered customers. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { users } from "../db/schema.server";

export interface Account {
  id: string;
  email: string;
}

/** The account with this id, or with this e-mail (case-insensitive). */
export async function findAccount(
  db: Database,
  match: { userId: string } | { email: string },
): Promise<Account | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      "userId" in match
        ? eq(users.id, match.userId)
        : sql`lower(${users.email}) = lower(${match.email})`,
    )
    .limit(1);
  return user ?? null;
}

/**
 * The account that proved it owns this e-mail (case-insensitive), or null: an account whose
 * e-mail is not verified yet is nobody's proof of the address.
 */
export async function findVerifiedAccountId(db: Database, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.emailVerified, true)))
    .limit(1);
  return user?.id ?? null;
}

/** The payment customer new checkouts of this user are opened for, once they have paid. */
export async function accountPaymentCustomerId(
  db: Database,
  userId: string,
): Promise<string | null> {
  const [user] = await db
    .select({ paymentCustomerId: users.paymentCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  return user?.paymentCustomerId ?? null;
}

/** Remembers the user's payment customer the first time they pay, for the account tabs. */
export async function rememberPaymentCustomer(
  db: Database,
  userId: string,
  paymentCustomerId: string,
): Promise<void> {
  await db
    .update(users)
    .set({ paymentCustomerId })
    .where(and(eq(users.id, userId), isNull(users.paymentCustomerId)));
}

/**
 * The user took over a guest: its id is kept, and its payment customer becomes the account's
 * when the account has none yet.
 */
export async function adoptGuest(
  db: Database,
  userId: string,
  guest: { id: string; paymentCustomerId: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({
      guestId: sql`coalesce(${users.guestId}, ${guest.id})`,
      paymentCustomerId: sql`coalesce(${users.paymentCustomerId}, ${guest.paymentCustomerId})`,
    })
    .where(eq(users.id, userId));
}
