/** Customers who bought without an account, one per e-mail address (spec: guest creation). */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { guests, type PostalAddress } from "../db/schema.server";
import { randomId } from "../ids.server";

export type Guest = typeof guests.$inferSelect;

export interface GuestDetails {
  email: string;
  firstName: string;
  lastName: string;
  address: PostalAddress | null;
  hasLocalPickup: boolean;
  paymentCustomerId: string | null;
  /** The account that proved it owns this e-mail, when one has. */
  userId: string | null;
}

export async function findGuestByEmail(db: Database, email: string): Promise<Guest | null> {
  const [guest] = await db
    .select()
    .from(guests)
    .where(sql`lower(${guests.email}) = lower(${email})`)
    .limit(1);
  return guest ?? null;
}

export async function findGuestById(db: Database, guestId: string): Promise<Guest | null> {
  const [guest] = await db.select().from(guests).where(eq(guests.id, guestId)).limit(1);
  return guest ?? null;
}

/**
 * Returns the guest with this e-mail (case-insensitive), creating it when there is none.
 * Two concurrent calls for one address yield the same guest: the unique index on the
 * lower-cased e-mail makes the second insert wait, then do nothing.
 */
export async function findOrCreateGuest(
  db: Database,
  details: GuestDetails,
): Promise<{ guest: Guest; created: boolean }> {
  const [created] = await db
    .insert(guests)
    .values({ id: randomId(), ...details })
    .onConflictDoNothing()
    .returning();
  if (created) return { guest: created, created: true };
  const existing = await findGuestByEmail(db, details.email);
  if (!existing) throw new Error("Failed to create a guest");
  return { guest: existing, created: false };
}

/**
 * Links a guest to the user who took over its orders. Only once: a guest already linked stays
 * with its user, and the answer is null.
 */
export async function linkGuest(
  db: Database,
  guestId: string,
  userId: string,
): Promise<Guest | null> {
  const [linked] = await db
    .update(guests)
    .set({ userId })
    .where(and(eq(guests.id, guestId), isNull(guests.userId)))
    .returning();
  return linked ?? null;
}
