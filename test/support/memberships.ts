/** Sandbox memberships for the tests: one bought through checkout, and its record as it is now. */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../server/db/client.server";
import { membershipEvents, memberships, orders } from "../../server/db/schema.server";
import type { MembershipRecord } from "../../server/memberships/store.server";
import { paySandboxCheckout } from "../../server/payments/sandbox/pay.server";
import { openCheckout, type TestShop } from "./checkout";
import { sandboxPaymentForm } from "./customers";

/** A new member of Everyday Luxury, paying at `at` with `cardNumber` (the card that succeeds). */
export async function sandboxMember(
  shop: TestShop,
  email: string,
  { cardNumber = "4242 4242 4242 4242", at }: { cardNumber?: string; at?: Date } = {},
): Promise<MembershipRecord> {
  const sessionId = await openCheckout(shop, {
    items: [{ itemId: "everydayLuxury", quantity: 1 }],
    localPickup: false,
  });
  const paid = await paySandboxCheckout(
    shop,
    sessionId,
    { ...sandboxPaymentForm(email), cardNumber },
    at,
  );
  if (paid.outcome !== "paid") throw new Error(`the sign-up was ${paid.outcome}`);
  const [row] = await shop.db
    .select()
    .from(memberships)
    .where(eq(memberships.checkoutSessionId, sessionId));
  if (!row) throw new Error("no membership");
  return row;
}

/** The membership's record as it is now. */
export async function membershipNow(
  db: Database,
  subscriptionItemId: string,
): Promise<MembershipRecord> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.subscriptionItemId, subscriptionItemId));
  if (!row) throw new Error("no membership");
  return row;
}

/** The renewal orders of a subscription. */
export async function renewalOrdersOf(db: Database, subscriptionId: string) {
  const rows = await db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
  return rows.filter((order) => order.kind === "renewal");
}

/** A membership's timeline entries of one kind, oldest first. */
export function timelineEntries(db: Database, subscriptionItemId: string, kind: string) {
  return db
    .select()
    .from(membershipEvents)
    .where(
      and(
        eq(membershipEvents.subscriptionItemId, subscriptionItemId),
        eq(membershipEvents.kind, kind),
      ),
    )
    .orderBy(membershipEvents.revision);
}
