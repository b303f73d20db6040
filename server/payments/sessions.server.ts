/**
 * The shop's record of every checkout session it asked a provider to open: what was priced,
 * for whom, and, once paid, what the provider reported.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { isItemId } from "~core/catalog";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { checkoutSessions } from "../db/schema.server";
import type { CheckoutSessionInfo } from "./provider.server";

export type CheckoutSessionRecord = typeof checkoutSessions.$inferSelect;
export type NewCheckoutSessionRecord = typeof checkoutSessions.$inferInsert;

export const sessionIdPlaceholder = "{CHECKOUT_SESSION_ID}";

/** Where a paid session returns to; providers replace the placeholder with the session id. */
export function confirmationUrl(publicUrl: string, sessionId = sessionIdPlaceholder): string {
  const id = sessionId === sessionIdPlaceholder ? sessionId : encodeURIComponent(sessionId);
  return `${publicUrl}/order-confirmation?sessionId=${id}`;
}

/** What a checkout records when it opens a session; the rest takes its defaults. */
export type OpenedCheckoutSessionRecord = Required<
  Pick<
    NewCheckoutSessionRecord,
    | "id"
    | "provider"
    | "mode"
    | "items"
    | "hasLocalPickup"
    | "promotionCode"
    | "promotion"
    | "affiliate"
    | "customerEmail"
    | "paymentCustomerId"
    | "userId"
    | "subtotalCents"
    | "shippingCents"
    | "discountCents"
    | "totalCents"
    | "cancelUrl"
    | "holdKey"
  >
>;

const insertOpenedSession = preparedPerDatabase((db) =>
  db
    .insert(checkoutSessions)
    .values({
      id: sql.placeholder("id"),
      provider: sql.placeholder("provider"),
      mode: sql.placeholder("mode"),
      items: sql.placeholder("items"),
      hasLocalPickup: sql.placeholder("hasLocalPickup"),
      promotionCode: sql.placeholder("promotionCode"),
      promotion: sql.placeholder("promotion"),
      affiliate: sql.placeholder("affiliate"),
      customerEmail: sql.placeholder("customerEmail"),
      paymentCustomerId: sql.placeholder("paymentCustomerId"),
      userId: sql.placeholder("userId"),
      subtotalCents: sql.placeholder("subtotalCents"),
      shippingCents: sql.placeholder("shippingCents"),
      discountCents: sql.placeholder("discountCents"),
      totalCents: sql.placeholder("totalCents"),
      cancelUrl: sql.placeholder("cancelUrl"),
      holdKey: sql.placeholder("holdKey"),
    })
    .prepare("insert_checkout_session"),
);
/**
 * A checkout session takes payment for 30 minutes, Stripe's shortest (Stripe's are opened a
 * minute longer, its minimum counted from its own clock); the sandbox's alike.
 */
export const sessionLifetimeMs = 30 * 60_000;

export async function recordCheckoutSession(
  db: Database,
  record: OpenedCheckoutSessionRecord,
): Promise<void> {
  await insertOpenedSession(db).execute(record);
}

export async function findCheckoutSession(
  db: Database,
  sessionId: string,
): Promise<CheckoutSessionRecord | null> {
  const [record] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId))
    .limit(1);
  return record ?? null;
}

/** The totals the session was opened with. */
export function recordAmounts(record: CheckoutSessionRecord): CheckoutSessionInfo["amounts"] {
  return {
    totalCents: record.totalCents,
    shippingCents: record.shippingCents,
    taxCents: record.taxCents,
    discountCents: record.discountCents,
  };
}

/** Open, complete or expired, as of `now`. */
export function sessionStatus(
  record: CheckoutSessionRecord,
  now = new Date(),
): CheckoutSessionInfo["status"] {
  if (record.status !== "open") return record.status;
  return now.getTime() - record.createdAt.getTime() > sessionLifetimeMs ? "expired" : "open";
}

/**
 * Marks an open session expired, as a cancelled checkout is; false when it was not open (paid,
 * or expired already). Racing a payment, exactly one of the two wins the row.
 */
export async function closeOpenSession(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

/**
 * Marks an open session complete. Only one caller wins: the row lock makes concurrent calls
 * wait, and the losers see it complete already. Returns whether this call completed it.
 */
export async function claimOpenSession(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: "complete", completedAt: new Date() })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

const postalAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.literal("US"),
});

/** What the provider reported at completion, as kept in the `completion` column. */
const completionSchema = z.object({
  customerId: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string() }).nullable(),
  shipping: z.object({ name: z.string(), address: postalAddressSchema }).nullable(),
  subscription: z
    .object({
      id: z.string(),
      items: z.array(
        z.object({
          subscriptionItemId: z.string(),
          itemId: z.string(),
          quantity: z.number().int(),
          unitPriceCents: z.number().int(),
        }),
      ),
      nextInvoiceAt: z.coerce.date(),
    })
    .nullable(),
});

export type StoredCompletion = Pick<
  CheckoutSessionInfo,
  "customerId" | "customer" | "shipping" | "subscription"
>;

/** Keeps what the provider reported at completion (customer, shipping, subscription, totals). */
export async function recordCompletion(db: Database, session: CheckoutSessionInfo): Promise<void> {
  const completion = {
    customerId: session.customerId,
    customer: session.customer,
    shipping: session.shipping,
    subscription: session.subscription && {
      ...session.subscription,
      nextInvoiceAt: session.subscription.nextInvoiceAt.toISOString(),
    },
    amounts: session.amounts,
  };
  await db
    .update(checkoutSessions)
    .set({
      status: "complete",
      completion,
      completedAt: sql`coalesce(${checkoutSessions.completedAt}, now())`,
    })
    .where(eq(checkoutSessions.id, session.id));
}

/** The completion kept on a session, or null while it is not complete. */
export function storedCompletion(record: CheckoutSessionRecord): StoredCompletion | null {
  const parsed = completionSchema.safeParse(record.completion);
  if (!parsed.success) return null;
  const { subscription, ...rest } = parsed.data;
  return {
    ...rest,
    subscription: subscription && {
      ...subscription,
      items: subscription.items.flatMap((item) =>
        isItemId(item.itemId) ? [{ ...item, itemId: item.itemId }] : [],
      ),
    },
  };
}

/** The payment customers who paid these sessions, once each, in the order of `sessionIds`. */
export async function sessionCustomerIds(db: Database, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .select({
      sessionId: checkoutSessions.id,
      customerId: sql<string | null>`${checkoutSessions.completion} ->> 'customerId'`,
    })
    .from(checkoutSessions)
    .where(inArray(checkoutSessions.id, sessionIds));
  const customerOf = new Map(rows.map((row) => [row.sessionId, row.customerId]));
  const customers = sessionIds.flatMap((id) => customerOf.get(id) ?? []);
  return [...new Set(customers)];
}
