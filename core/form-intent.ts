/**
 * A page with several forms posts to one action; each form names what it asks in a hidden
 * field called `intent`, and the action switches on it. The names live here, for the forms and
 * the actions alike.
 */
export const intentField = "intent";

export const accountIntents = {
  /** The account information form, before JavaScript: the page's own modal asks for the password. */
  reviewAccountInfo: "review",
  saveAccountInfo: "save",
  updateShipping: "update-shipping",
  removeCard: "remove-card",
  cancelMembership: "cancel-membership",
  resendVerification: "resend-verification",
  requestReturn: "request-return",
} as const;

/** The cart's forms ('Add to cart', + and −), posted to `/cart` before the page's scripts run. */
export const cartIntents = { add: "add", remove: "remove" } as const;

/** The intent a posted form names, or null when it names none. */
export function intentOf(form: FormData): string | null {
  const intent = form.get(intentField);
  return typeof intent === "string" ? intent : null;
}
