/** The order page's forms: what each one asks, and the few rules of their fields. */
import type { IntentOf, orderPageIntents } from "../form-intent";
import type { ServerError } from "../result";

const maxTextLength = 2000;

/** A note or a message to the customer: trimmed, not empty, not endless; null otherwise. */
export function parseStaffText(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text.length > 0 && text.length <= maxTextLength ? text : null;
}

export const orderPageMessages = {
  note: `Please write the note (at most ${maxTextLength} characters)`,
  cancelReason: "Please give a reason for the cancellation (at most 500 characters)",
} as const;

/** The fields any of the order page's forms may mark as wrong. */
export type OrderPageField =
  | "carrier"
  | "trackingNumber"
  | "trackingUrl"
  | "amount"
  | "reason"
  | "key"
  | "note"
  | "label"
  | "message";

/**
 * A refund or a cancellation waiting for staff to confirm it. Its key, made for this
 * confirmation, becomes the refund's id and the provider's idempotency key: the confirmation
 * sent twice refunds once.
 */
export interface MoneyConfirmation {
  key: string;
  amountCents: number;
  reason: string;
  customerName: string;
}

/** The order page's answer to a form it did not carry out (yet). */
export interface OrderWorkResult {
  /** The form the answer is for (`refund`, not `confirm-refund`), so that only it shows it. */
  intent?: IntentOf<typeof orderPageIntents>;
  error?: ServerError;
  fieldErrors?: Partial<Record<OrderPageField, string>>;
  /** What was typed into the form, given back so that a page without scripts shows it again. */
  values?: Partial<Record<"amount" | "reason", string>>;
  /** The refund or cancellation the page asks staff to confirm. */
  confirmation?: MoneyConfirmation;
}
