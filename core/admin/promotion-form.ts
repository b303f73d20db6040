/**
 * The owner's promotion form: its fields as typed, read into a promotion's terms with a message
 * for each field that cannot be read. Times are read by the shop's clock.
 */

import { type Catalog, type ItemId, isItemId, itemIds, orderItemName } from "../catalog";
import { instantOfLocalTime, localTimeOf } from "../dates";
import { typedText } from "../form-intent";
import { type PromotionKind, promotionKindOf, promotionKinds } from "../promotion-rules";
import { parseDollars } from "../refunds";
import { promoCodeSchema } from "../validation";

/** The form as typed: what a refused form shows again. */
export interface PromotionFormValues {
  code: string;
  kind: PromotionKind;
  percentOff: string;
  amountOff: string;
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perCustomerLimit: string;
  minSubtotal: string;
  eligibleItemIds: ItemId[];
  influencerId: string;
  active: boolean;
}

export type PromotionField = keyof PromotionFormValues;

/** A promotion's terms as the owner set them. */
export interface PromotionInput {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  minSubtotalCents: number;
  /** Null when the owner kept the catalog's discount-eligible items. */
  eligibleItemIds: ItemId[] | null;
  influencerId: number | null;
  active: boolean;
}

export const promotionFormMessages = {
  code: "Please enter a code of letters, digits, - or _ (up to 40)",
  codeTaken: "Another promotion already has this code",
  percentOff: "Please enter a percent from 1 to 100",
  amountOff: "Please enter an amount in dollars, such as 5 or 7.50",
  time: "Please enter a date and time, or leave it empty",
  endsBeforeStart: "The end must come after the start",
  limit: "Please enter a whole number from 1, or leave it empty",
  minSubtotal: "Please enter an amount in dollars, or leave it empty",
  eligibleItemIds: "Please choose at least one item",
  influencerId: "Please choose an influencer from the list",
} as const satisfies Partial<Record<string, string>>;

export type PromotionFieldErrors = Partial<Record<PromotionField, string>>;

/** The catalog's discount-eligible items: a new promotion's items, and what null stands for. */
export function discountEligibleIds(catalog: Catalog): ItemId[] {
  return itemIds.filter((id) => catalog[id].discountEligible);
}

/** What the items fieldset offers: every item by its order name. */
export function itemChoices(catalog: Catalog): Array<{ id: ItemId; name: string }> {
  return itemIds.map((id) => ({ id, name: orderItemName(catalog[id]) }));
}

/** A new promotion's form. */
export const emptyPromotionForm = (catalog: Catalog): PromotionFormValues => ({
  code: "",
  kind: "percent",
  percentOff: "",
  amountOff: "",
  startsAt: "",
  endsAt: "",
  totalLimit: "",
  perCustomerLimit: "",
  minSubtotal: "",
  eligibleItemIds: discountEligibleIds(catalog),
  influencerId: "",
  active: true,
});

/** What the form sent, as typed (unknown kinds and items left out). */
export function promotionFormValues(form: FormData): PromotionFormValues {
  const kind = typedText(form, "kind");
  return {
    code: typedText(form, "code"),
    kind: promotionKinds.find((known) => known === kind) ?? "percent",
    percentOff: typedText(form, "percentOff"),
    amountOff: typedText(form, "amountOff"),
    startsAt: typedText(form, "startsAt"),
    endsAt: typedText(form, "endsAt"),
    totalLimit: typedText(form, "totalLimit"),
    perCustomerLimit: typedText(form, "perCustomerLimit"),
    minSubtotal: typedText(form, "minSubtotal"),
    eligibleItemIds: itemIds.filter((id) => form.getAll("eligibleItemIds").includes(id)),
    influencerId: typedText(form, "influencerId"),
    active: form.get("active") === "on",
  };
}

/** A whole number from 1, or null for an empty field; undefined when it is neither. */
function optionalLimit(value: string): number | null | undefined {
  if (value === "") return null;
  if (!/^\d{1,7}$/.test(value)) return undefined;
  const limit = Number(value);
  return limit >= 1 ? limit : undefined;
}

function optionalTime(value: string, timeZone: string): Date | null | undefined {
  if (value === "") return null;
  return instantOfLocalTime(value, timeZone) ?? undefined;
}

function sameItems(a: readonly ItemId[], b: readonly ItemId[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** The terms the form sets, or a message for each field that cannot be read. */
export function readPromotionForm(
  values: PromotionFormValues,
  { timeZone, catalog }: { timeZone: string; catalog: Catalog },
): { ok: true; input: PromotionInput } | { ok: false; fieldErrors: PromotionFieldErrors } {
  const errors: PromotionFieldErrors = {};
  const code = promoCodeSchema.safeParse(values.code);
  if (!code.success) errors.code = promotionFormMessages.code;
  const percent = Number(values.percentOff);
  const percentOff =
    values.kind === "percent" &&
    /^\d{1,3}$/.test(values.percentOff) &&
    percent >= 1 &&
    percent <= 100
      ? percent
      : null;
  if (values.kind === "percent" && percentOff === null) {
    errors.percentOff = promotionFormMessages.percentOff;
  }
  const amount = values.kind === "amount" ? parseDollars(values.amountOff) : null;
  if (values.kind === "amount" && !amount) errors.amountOff = promotionFormMessages.amountOff;
  const startsAt = optionalTime(values.startsAt, timeZone);
  if (startsAt === undefined) errors.startsAt = promotionFormMessages.time;
  const endsAt = optionalTime(values.endsAt, timeZone);
  if (endsAt === undefined) errors.endsAt = promotionFormMessages.time;
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    errors.endsAt = promotionFormMessages.endsBeforeStart;
  }
  const totalLimit = optionalLimit(values.totalLimit);
  if (totalLimit === undefined) errors.totalLimit = promotionFormMessages.limit;
  const perCustomerLimit = optionalLimit(values.perCustomerLimit);
  if (perCustomerLimit === undefined) errors.perCustomerLimit = promotionFormMessages.limit;
  const minSubtotalCents = values.minSubtotal === "" ? 0 : parseDollars(values.minSubtotal);
  if (minSubtotalCents === null) errors.minSubtotal = promotionFormMessages.minSubtotal;
  if (values.eligibleItemIds.length === 0) {
    errors.eligibleItemIds = promotionFormMessages.eligibleItemIds;
  }
  const influencerId = values.influencerId === "" ? null : Number(values.influencerId);
  if (influencerId !== null && !(Number.isInteger(influencerId) && influencerId > 0)) {
    errors.influencerId = promotionFormMessages.influencerId;
  }
  if (
    !code.success ||
    startsAt === undefined ||
    endsAt === undefined ||
    totalLimit === undefined ||
    perCustomerLimit === undefined ||
    minSubtotalCents === null ||
    Object.keys(errors).length > 0
  ) {
    return { ok: false, fieldErrors: errors };
  }
  return {
    ok: true,
    input: {
      code: code.data.toUpperCase(),
      percentOff,
      amountOffCents: amount,
      startsAt,
      endsAt,
      totalLimit,
      perCustomerLimit,
      minSubtotalCents,
      eligibleItemIds: sameItems(values.eligibleItemIds, discountEligibleIds(catalog))
        ? null
        : values.eligibleItemIds,
      influencerId,
      active: values.active,
    },
  };
}

/** The form of a promotion as it stands, to edit it. */
export function promotionFormOf(
  promotion: Omit<PromotionInput, "eligibleItemIds"> & {
    eligibleItemIds: readonly string[] | null;
  },
  { timeZone, catalog }: { timeZone: string; catalog: Catalog },
): PromotionFormValues {
  const kind = promotionKindOf(promotion);
  const dollars = (cents: number) =>
    cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return {
    code: promotion.code,
    kind,
    percentOff: promotion.percentOff === null ? "" : String(promotion.percentOff),
    amountOff: promotion.amountOffCents === null ? "" : dollars(promotion.amountOffCents),
    startsAt: promotion.startsAt ? localTimeOf(promotion.startsAt, timeZone) : "",
    endsAt: promotion.endsAt ? localTimeOf(promotion.endsAt, timeZone) : "",
    totalLimit: promotion.totalLimit === null ? "" : String(promotion.totalLimit),
    perCustomerLimit: promotion.perCustomerLimit === null ? "" : String(promotion.perCustomerLimit),
    minSubtotal: promotion.minSubtotalCents === 0 ? "" : dollars(promotion.minSubtotalCents),
    eligibleItemIds: promotion.eligibleItemIds
      ? promotion.eligibleItemIds.filter(isItemId)
      : discountEligibleIds(catalog),
    influencerId: promotion.influencerId === null ? "" : String(promotion.influencerId),
    active: promotion.active,
  };
}
