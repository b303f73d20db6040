/** The order page's forms: what each one asks, and the few rules of their fields. */
import type { ServerError } from "../result";

/** Each form names its request in the hidden `intent` field. */
export const orderPageIntents = {
  step: "step",
  refund: "refund",
  cancel: "cancel",
  note: "note",
  approveReturn: "approve-return",
  declineReturn: "decline-return",
  receiveReturn: "receive-return",
} as const;

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

/** The order page's answer to a form it refused. */
export interface OrderWorkResult {
  /** The form the answer is for, so that only it shows the errors. */
  intent?: string;
  error?: ServerError;
  fieldErrors?: Partial<Record<OrderPageField, string>>;
}
