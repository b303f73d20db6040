import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { users } from "../db/schema.server";

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
}

const uniqueViolation = "23505";

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("code" in error && error.code === uniqueViolation) return true;
  return "cause" in error && isUniqueViolation(error.cause);
}

/** A profile as it was before a change: what a failed later step puts back. */
export interface PreviousProfile extends Profile {
  emailVerified: boolean;
}

/**
 * Saves the name and e-mail together: either both change or neither does, so a failure leaves
 * the previous e-mail in place. A new e-mail is not yet verified.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  profile: Profile,
): Promise<{ previous: PreviousProfile } | "email-in-use"> {
  const email = profile.email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          emailVerified: users.emailVerified,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!previous) throw new Error(`No user ${userId}`);
      await tx
        .update(users)
        .set({
          firstName: profile.firstName,
          lastName: profile.lastName,
          name: `${profile.firstName} ${profile.lastName}`,
          email,
          ...(previous.email === email ? {} : { emailVerified: false }),
        })
        .where(eq(users.id, userId));
      return { previous };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "email-in-use";
    throw error;
  }
}

/** Puts back the profile a change replaced, e-mail verification included. */
export async function restoreProfile(
  db: Database,
  userId: string,
  previous: PreviousProfile,
): Promise<void> {
  await db
    .update(users)
    .set({ ...previous, name: `${previous.firstName} ${previous.lastName}` })
    .where(eq(users.id, userId));
}
