/**
 * The memberships tab's forms: each names the membership, the revision it showed, and what it
 * asks. One parser for every intent, so the action reads them alike.
 */
import { z } from "zod";
import { membershipIds } from "./catalog";
import { accountIntents } from "./form-intent";
import {
  type CancelReason,
  cancelReasons,
  isCancelReason,
  type MemberRequest,
  maxMoveDays,
  maxQuantity,
  pauseMonths,
} from "./membership-rules";

export const membershipFormIntents = [
  accountIntents.pauseMembership,
  accountIntents.resumeMembership,
  accountIntents.skipDelivery,
  accountIntents.changePlan,
  accountIntents.changeQuantity,
  accountIntents.moveBillingDate,
  accountIntents.shipNow,
  accountIntents.cancelMembership,
] as const;
export type MembershipFormIntent = (typeof membershipFormIntents)[number];

export function isMembershipFormIntent(value: unknown): value is MembershipFormIntent {
  return (membershipFormIntents as readonly unknown[]).includes(value);
}

const target = z.object({
  subscriptionItemId: z.string().regex(/^si_[A-Za-z0-9_-]{1,100}$/),
  revision: z.coerce.number().int().min(0),
});

const requestSchemas = {
  [accountIntents.pauseMembership]: z.object({
    months: z.coerce.number().pipe(z.union(pauseMonths.map((months) => z.literal(months)))),
  }),
  [accountIntents.resumeMembership]: z.object({}),
  [accountIntents.skipDelivery]: z.object({ invoiceAt: z.coerce.number().int().positive() }),
  [accountIntents.changePlan]: z.object({ itemId: z.enum(membershipIds) }),
  [accountIntents.changeQuantity]: z.object({
    quantity: z.coerce.number().int().min(1).max(maxQuantity),
  }),
  [accountIntents.moveBillingDate]: z.object({
    days: z.coerce.number().int().min(1).max(maxMoveDays),
  }),
  [accountIntents.shipNow]: z.object({}),
  [accountIntents.cancelMembership]: z.object({
    reason: z
      .enum(Object.keys(cancelReasons) as [keyof typeof cancelReasons])
      .or(z.literal("").transform(() => null))
      .default(null),
    declineOffer: z
      .literal("yes")
      .optional()
      .transform((value) => value === "yes"),
  }),
} as const;

function requestOf(
  intent: MembershipFormIntent,
  values: Record<string, unknown>,
): MemberRequest | null {
  switch (intent) {
    case accountIntents.pauseMembership: {
      const parsed = requestSchemas[intent].safeParse(values);
      return parsed.success ? { kind: "pause", months: parsed.data.months } : null;
    }
    case accountIntents.resumeMembership:
      return { kind: "resume" };
    case accountIntents.skipDelivery: {
      const parsed = requestSchemas[intent].safeParse(values);
      return parsed.success
        ? { kind: "skip", invoiceAt: new Date(parsed.data.invoiceAt * 1000) }
        : null;
    }
    case accountIntents.changePlan: {
      const parsed = requestSchemas[intent].safeParse(values);
      return parsed.success ? { kind: "change-plan", itemId: parsed.data.itemId } : null;
    }
    case accountIntents.changeQuantity: {
      const parsed = requestSchemas[intent].safeParse(values);
      return parsed.success ? { kind: "quantity", quantity: parsed.data.quantity } : null;
    }
    case accountIntents.moveBillingDate: {
      const parsed = requestSchemas[intent].safeParse(values);
      return parsed.success ? { kind: "move-date", days: parsed.data.days } : null;
    }
    case accountIntents.shipNow:
      return { kind: "ship-now" };
    case accountIntents.cancelMembership: {
      const parsed = requestSchemas[intent].safeParse(values);
      return parsed.success
        ? { kind: "cancel", reason: parsed.data.reason, declineOffer: parsed.data.declineOffer }
        : null;
    }
  }
}

/** A membership form as posted: its target and request, or null when it is not valid. */
export function parseMembershipForm(
  intent: MembershipFormIntent,
  form: FormData,
): { subscriptionItemId: string; revision: number; request: MemberRequest } | null {
  const values = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsedTarget = target.safeParse(values);
  if (!parsedTarget.success) return null;
  const request = requestOf(intent, values);
  return request ? { ...parsedTarget.data, request } : null;
}

/**
 * The cancellation's steps after the button: the reason, then the one offer, which carries the
 * reason given so that declining the offer cancels with it.
 */
export type CancellationStep = {
  step: "reason" | "offer";
  subscriptionItemId: string;
  reason: CancelReason | null;
};

/** The memberships tab showing one membership's cancellation step. */
export function membershipStepHref(
  step: CancellationStep["step"],
  subscriptionItemId: string,
  reason: CancelReason | null = null,
) {
  const id = encodeURIComponent(subscriptionItemId);
  if (step === "reason") return `/account?tab=memberships&cancel=${id}`;
  return `/account?tab=memberships&offer=${id}${reason ? `&reason=${reason}` : ""}`;
}

/** The cancellation step the tab's address asks for, if any. */
export function membershipStepOf(params: URLSearchParams): CancellationStep | null {
  const offer = target.shape.subscriptionItemId.safeParse(params.get("offer"));
  if (offer.success) {
    const reason = params.get("reason");
    return {
      step: "offer",
      subscriptionItemId: offer.data,
      reason: isCancelReason(reason) ? reason : null,
    };
  }
  const cancel = target.shape.subscriptionItemId.safeParse(params.get("cancel"));
  return cancel.success ? { step: "reason", subscriptionItemId: cancel.data, reason: null } : null;
}
