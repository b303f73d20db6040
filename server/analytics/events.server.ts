import { z } from "zod";
import { analyticsLimits, currentAnalyticsEvent, eventCategories } from "~core/analytics";
import { affiliateIdSchema } from "~core/validation";
import type { Database } from "../db/client.server";
import { analyticsEvents } from "../db/schema.server";

/**
 * An event of the shop's table, or one a page loaded before a rename still sends, taken as the
 * event it is now.
 */
const eventSchema = z
  .strictObject({
    category: z.enum(eventCategories),
    name: z.string(),
    label: z.string().max(analyticsLimits.labelLength).optional(),
    value: z
      .number()
      .int()
      .min(-analyticsLimits.valueMagnitude)
      .max(analyticsLimits.valueMagnitude)
      .optional(),
    path: z.string().startsWith("/").max(analyticsLimits.pathLength),
  })
  .transform((event, context) => {
    const current = currentAnalyticsEvent(event.category, event.name);
    if (current) return { ...event, ...current };
    context.addIssue({ code: "custom", message: "Unknown event", path: ["name"] });
    return z.NEVER;
  });

/** What the browser's analytics client posts: a few events of one visitor. */
export const eventBatchSchema = z.strictObject({
  visitorId: z.uuid().optional(),
  events: z.array(eventSchema).min(1).max(analyticsLimits.eventsPerBatch),
});

export type EventBatch = z.infer<typeof eventBatchSchema>;

/** A referral visit counts only for an id the shop would credit at checkout; any other event counts. */
function isCountable(event: EventBatch["events"][number]): boolean {
  return event.name !== "affiliate_visit" || affiliateIdSchema.safeParse(event.label).success;
}

/**
 * Stores a validated batch, one row per event, stamped with the server's clock; a referral visit
 * of an id no checkout would credit is left out.
 */
export async function storeEvents(
  db: Database,
  batch: EventBatch,
  userId: string | null = null,
): Promise<void> {
  const events = batch.events.filter(isCountable);
  if (events.length === 0) return;
  await db.insert(analyticsEvents).values(
    events.map((event) => ({
      category: event.category,
      name: event.name,
      label: event.label ?? null,
      value: event.value ?? null,
      path: event.path,
      visitorId: batch.visitorId ?? null,
      userId,
    })),
  );
}
