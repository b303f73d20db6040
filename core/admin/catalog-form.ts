/**
 * The owner's catalog forms: an item's texts and switches, and a new price now or from a date, as
 * typed, read into what the catalog keeps or a message for each field that cannot be read.
 */

import type { FieldErrors } from "../auth-forms";
import { instantOfLocalTime } from "../dates";
import { typedText } from "../form-intent";
import { parseDollars } from "../refunds";

export const maxItemNameLength = 60;
export const maxItemDescriptionLength = 300;
/** A price the form takes: from one cent to $10,000. */
export const maxPriceCents = 1_000_000;

export const catalogFormMessages = {
  name: `Please enter a name of up to ${maxItemNameLength} characters`,
  description: `Please enter a description of up to ${maxItemDescriptionLength} characters`,
  price: "Please enter a price in dollars, such as 24 or 24.50",
  startsOn: "Please enter a date from tomorrow, or choose Now",
  changedMeanwhile:
    "Someone changed this item while you were editing it. Here it is now; please make your change again.",
} as const;

export interface ItemDetailsInput {
  name: string;
  description: string;
  active: boolean;
  discountEligible: boolean;
}

/** The item form as typed: what a refused form shows again. */
export function itemDetailsValues(form: FormData): ItemDetailsInput {
  return {
    name: typedText(form, "name"),
    description: typedText(form, "description"),
    active: form.get("active") === "on",
    discountEligible: form.get("discountEligible") === "on",
  };
}

export function itemDetailsErrors(values: ItemDetailsInput): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name === "" || values.name.length > maxItemNameLength) {
    errors.name = catalogFormMessages.name;
  }
  if (values.description === "" || values.description.length > maxItemDescriptionLength) {
    errors.description = catalogFormMessages.description;
  }
  return errors;
}

export const priceTimings = ["now", "scheduled"] as const;
export type PriceTiming = (typeof priceTimings)[number];

export interface PriceFormValues {
  price: string;
  timing: PriceTiming;
  /** A day, `2026-12-01`, read by the shop's clock. */
  startsOn: string;
}

export function priceFormValues(form: FormData): PriceFormValues {
  return {
    price: typedText(form, "price"),
    timing: form.get("timing") === "scheduled" ? "scheduled" : "now",
    startsOn: typedText(form, "startsOn"),
  };
}

/** A new price: from now (null) or from the start of a later day in the shop's time zone. */
export interface PriceInput {
  priceCents: number;
  startsAt: Date | null;
}

/** The day after `today` (both `YYYY-MM-DD`). */
function nextDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function readPriceForm(
  values: PriceFormValues,
  { today, timeZone }: { today: string; timeZone: string },
): { ok: true; input: PriceInput } | { ok: false; fieldErrors: FieldErrors } {
  const errors: FieldErrors = {};
  const priceCents = parseDollars(values.price);
  if (!priceCents || priceCents > maxPriceCents) errors.price = catalogFormMessages.price;
  let startsAt: Date | null = null;
  if (values.timing === "scheduled") {
    const later = /^\d{4}-\d{2}-\d{2}$/.test(values.startsOn) && values.startsOn >= nextDay(today);
    startsAt = later ? instantOfLocalTime(`${values.startsOn}T00:00`, timeZone) : null;
    if (!startsAt) errors.startsOn = catalogFormMessages.startsOn;
  }
  if (!priceCents || Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, input: { priceCents, startsAt } };
}
