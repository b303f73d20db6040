/**
 * How what a guest paid for joins an account: through the guest link (the guest id proves the
 * orders are the holder's), or when the account proves it owns the e-mail they were paid with.
 * Each move is one transaction: the guest, its payment customer and its orders go together.
 */
import type { Database } from "../db/client.server";
import { moveGuestOrdersToUser } from "../orders/queries.server";
import { findGuestByEmail, type Guest, linkGuest } from "./guests.server";
import { adoptGuest } from "./users.server";

/**
 * Links the guest to the account, which takes the guest's payment customer when it has none;
 * null when an account had claimed the guest already.
 */
async function linkGuestToAccount(
  db: Database,
  guestId: string,
  userId: string,
): Promise<Guest | null> {
  const guest = await linkGuest(db, guestId, userId);
  if (guest) await adoptGuest(db, userId, guest);
  return guest;
}

/**
 * The holder of the guest link claims the guest for their account, with its orders. False when
 * an account had claimed it meanwhile, which changes nothing.
 */
export function claimGuest(db: Database, guestId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await linkGuestToAccount(tx, guestId, userId))) return false;
    await moveGuestOrdersToUser(tx, guestId, userId);
    return true;
  });
}

/**
 * The account has just proved it owns its e-mail: every order paid with that e-mail that is in
 * no account yet joins it, with the guest of the e-mail unless another account claimed it.
 * Returns how many orders joined.
 */
export function joinPurchasesOfEmail(
  db: Database,
  account: { id: string; email: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const guest = await findGuestByEmail(tx, account.email);
    if (!guest) return 0;
    await linkGuestToAccount(tx, guest.id, account.id);
    return moveGuestOrdersToUser(tx, guest.id, account.id);
  });
}
