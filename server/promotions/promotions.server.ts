import { and, eq, sql } from "drizzle-orm";
import type { Promotion } from "~core/pricing";
import { promoCodeSchema } from "~core/validation";
import type { Database } from "../db/client.server";
import { promotions } from "../db/schema.server";

/** A code as the shop compares codes: trimmed and upper-case; null when it cannot be one. */
function comparableCode(code: string): string | null {
  const parsed = promoCodeSchema.safeParse(code);
  return parsed.success ? parsed.data.toUpperCase() : null;
}

/**
 * The spec's getPromotionCodeData: the promotion behind a code, matched case-insensitively,
 * only when it is active. Unknown, inactive or malformed codes give null.
 */
export async function findActivePromotion(db: Database, code: string): Promise<Promotion | null> {
  const comparable = comparableCode(code);
  if (!comparable) return null;
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(sql`upper(${promotions.code})`, comparable), eq(promotions.active, true)))
    .limit(1);
  if (!row) return null;
  return {
    code: row.code,
    couponId: row.couponId,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
  };
}
