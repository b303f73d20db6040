import { eq, sql } from "drizzle-orm";
import type { Promotion } from "~core/pricing";
import type { PromotionLookup } from "~core/promo-notice";
import { promoCodeSchema } from "~core/validation";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { promotions } from "../db/schema.server";

/** A code as the shop compares codes: trimmed and upper-case; null when it cannot be one. */
function comparableCode(code: string): string | null {
  const parsed = promoCodeSchema.safeParse(code);
  return parsed.success ? parsed.data.toUpperCase() : null;
}

const promotionByCode = preparedPerDatabase((db) =>
  db
    .select()
    .from(promotions)
    .where(eq(sql`upper(${promotions.code})`, sql.placeholder("code")))
    .limit(1)
    .prepare("promotion_by_code"),
);

/** The promotion behind a code, matched case-insensitively, whether or not it is active. */
export async function lookUpPromotion(db: Database, code: string): Promise<PromotionLookup> {
  const comparable = comparableCode(code);
  if (!comparable) return { status: "unknown" };
  const [row] = await promotionByCode(db).execute({ code: comparable });
  if (!row) return { status: "unknown" };
  if (!row.active) return { status: "expired", code: row.code };
  return {
    status: "active",
    promotion: {
      code: row.code,
      couponId: row.couponId,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
    },
  };
}

/**
 * The spec's getPromotionCodeData: the promotion behind a code, only when it is active.
 * Unknown, inactive or malformed codes give null.
 */
export async function findActivePromotion(db: Database, code: string): Promise<Promotion | null> {
  const lookup = await lookUpPromotion(db, code);
  return lookup.status === "active" ? lookup.promotion : null;
}
