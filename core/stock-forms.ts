/** The Stock page's forms: receiving a lot, and a lot's damage or count, as staff type them. */
import type { FieldErrors, FormFields } from "./auth-forms";
import { isStockedBottleId } from "./stock";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isDay(raw: string): boolean {
  return isoDate.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`));
}

const wholeNumber =
  (min: number, max: number, message: string) =>
  (raw: string): string | null =>
    /^\d{1,7}$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? null : message;

export const maxBottlesPerLot = 100_000;

export const lotReceiptFields = {
  bottleId: (raw: string) => (isStockedBottleId(raw) ? null : "Please choose a bottle"),
  bottles: wholeNumber(
    1,
    maxBottlesPerLot,
    `Please enter the number of bottles, a whole number from 1 to ${maxBottlesPerLot.toLocaleString("en-US")}`,
  ),
  harvestDate: (raw: string) => (isDay(raw) ? null : "Please enter the harvest date"),
  pressingDate: (raw: string) => (isDay(raw) ? null : "Please enter the pressing date"),
} satisfies FormFields;

/** What the fields cannot say alone: the dates against each other and against today. */
export function lotDateErrors(
  dates: { harvestDate: string; pressingDate: string },
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  if (dates.harvestDate > today) errors.harvestDate = "The harvest date cannot be in the future";
  if (dates.pressingDate > today) errors.pressingDate = "The pressing date cannot be in the future";
  else if (dates.pressingDate < dates.harvestDate) {
    errors.pressingDate = "The oil is pressed on or after the harvest date";
  }
  return errors;
}

export const thresholdFields = {
  threshold: wholeNumber(0, maxBottlesPerLot, "Please enter a whole number of bottles"),
} satisfies FormFields;

export const lotAdjustmentFields = {
  bottles: wholeNumber(0, maxBottlesPerLot, "Please enter a whole number of bottles"),
} satisfies FormFields;
