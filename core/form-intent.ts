/**
 * A page with several forms posts to one action; each form names what it asks in a hidden
 * field called `intent`, and the action switches on it. Each page's names live here, one table
 * per page, for the forms and the actions alike.
 */
export const intentField = "intent";

/** The answer to a form that names no intent of its page. */
export const unknownIntentMessage = "Please choose what to do";

/** `/account` (the verification page's 'Resend' form posts there too). */
export const accountIntents = {
  /** The account information form, before JavaScript: the page's own modal asks for the password. */
  reviewAccountInfo: "review",
  saveAccountInfo: "save",
  updateShipping: "update-shipping",
  removeCard: "remove-card",
  cancelMembership: "cancel-membership",
  pauseMembership: "pause-membership",
  resumeMembership: "resume-membership",
  skipDelivery: "skip-delivery",
  changePlan: "change-plan",
  changeQuantity: "change-quantity",
  moveBillingDate: "move-billing-date",
  shipNow: "ship-now",
  updateCard: "update-card",
  resendVerification: "resend-verification",
  requestReturn: "request-return",
} as const;

/**
 * The cart's forms posted to `/cart`: 'Add to cart', + and − before the page's scripts run, and
 * the promo code field's 'Apply' (with scripts too).
 */
export const cartIntents = {
  add: "add",
  remove: "remove",
  applyPromoCode: "apply-promo-code",
} as const;

/** The promo code field's name in the cart's form. */
export const promoCodeField = "promoCode";

/** The sandbox's hosted checkout: paying is its form's default; this one cancels the checkout. */
export const sandboxCheckoutIntents = { cancel: "cancel" } as const;

/** `/create-account?guestId=…`: the guest creates the account of their e-mail, or signs in to it. */
export const guestAccountIntents = { createAccount: "create-account", signIn: "sign-in" } as const;

/**
 * `/staff-invitation/:token`: the invited address's account is created, joins the staff, or the
 * visitor signs out of another account.
 */
export const staffInvitationIntents = {
  createAccount: "create-account",
  join: "join",
  signOut: "sign-out",
} as const;

/** `/admin/two-factor`: the password again, then the first code from the app. */
export const twoFactorIntents = { start: "start", verify: "verify" } as const;

/** `/admin/staff`. */
export const staffIntents = { invite: "invite", remove: "remove", revoke: "revoke" } as const;

/** `/admin/settings`: the settings form, and one form per access code to rotate. */
export const settingsIntents = { save: "save", rotateCode: "rotate-code" } as const;

/** `/admin/stock`. */
export const stockIntents = {
  receive: "receive-lot",
  recordDamage: "record-damage",
  correctCount: "correct-count",
  setThreshold: "set-threshold",
} as const;

/** `/admin/catalog/:itemId`: the item's texts and switches, a new price, and its photo. */
export const catalogIntents = {
  saveDetails: "save-details",
  setPrice: "set-price",
  uploadPhoto: "upload-photo",
  removePhoto: "remove-photo",
} as const;

/** `/admin/promotions` and `/admin/promotions/:promotionId`. */
export const promotionIntents = {
  create: "create",
  save: "save",
  pause: "pause",
  resume: "resume",
} as const;

/** `/admin/recipes` and `/admin/recipes/:recipeId`: staff create and save, the owner publishes. */
export const recipeIntents = {
  create: "create",
  save: "save",
  publish: "publish",
  unpublish: "unpublish",
  uploadPhoto: "upload-photo",
} as const;

/** `/admin/influencers/new` (`create`) and `/admin/influencers/:influencerId`. */
export const influencerIntents = {
  create: "create",
  save: "save",
  uploadPortrait: "upload-portrait",
} as const;

/**
 * `/admin/academy` (`moveUp`, `moveDown`), `/admin/academy/new/:article` (`add`) and
 * `/admin/academy/:sectionId` (`save`, `remove`).
 */
export const academyIntents = {
  add: "add",
  save: "save",
  remove: "remove",
  moveUp: "move-up",
  moveDown: "move-down",
} as const;
/** `/admin/memberships`: the sandbox clock. */
export const sandboxClockIntents = { advance: "advance-clock" } as const;

/** `/admin/profile`. */
export const profileIntents = {
  newBackupCodes: "new-backup-codes",
  newOrderEmails: "new-order-emails",
} as const;

/**
 * `/admin/orders/:id`. 'Refund' and 'Cancel order' move money in two steps: the form asks
 * (`refund`, `cancel`), the page shows the confirmation, and its buttons confirm (`confirm-…`)
 * or go back to the form as it was typed (`revise-…`).
 */
export const orderPageIntents = {
  step: "step",
  refund: "refund",
  confirmRefund: "confirm-refund",
  reviseRefund: "revise-refund",
  cancel: "cancel",
  confirmCancel: "confirm-cancel",
  reviseCancel: "revise-cancel",
  note: "note",
  approveReturn: "approve-return",
  declineReturn: "decline-return",
  receiveReturn: "receive-return",
} as const;

type IntentTable = Readonly<Record<string, string>>;

/** The intents of one page's table: `IntentOf<typeof cartIntents>` is `"add" | "remove"`. */
export type IntentOf<Table extends IntentTable> = Table[keyof Table];

/** The intent a posted form names among its page's `intents`, or null when it names none of them. */
export function intentOf<Table extends IntentTable>(
  form: FormData,
  intents: Table,
): IntentOf<Table> | null {
  const intent = form.get(intentField);
  const known: ReadonlyArray<IntentOf<Table>> = Object.values(intents) as Array<IntentOf<Table>>;
  return known.find((value) => value === intent) ?? null;
}

/** A text field as typed, trimmed; empty when the form did not send it. */
export function typedText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}
