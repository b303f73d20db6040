/**
 * The form of the sandbox's hosted checkout page.
 * One schema serves both sides: the browser checks a field as it loses focus, the server checks
 * the whole form again.
 */
import { z } from "zod";
import { cardDigits, cardValidators } from "./card";
import { field, usAddressSchema, validators } from "./validation";

export const sandboxFieldNames = [
  "email",
  "name",
  "line1",
  "line2",
  "city",
  "state",
  "postalCode",
  "cardNumber",
  "expiry",
  "cvc",
] as const;

export type SandboxField = (typeof sandboxFieldNames)[number];

export const sandboxFieldLabels: Record<SandboxField, string> = {
  email: "Email",
  name: "Name",
  line1: "Address line 1",
  line2: "Address line 2",
  city: "City",
  state: "State",
  postalCode: "ZIP",
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "CVC",
};

function isSandboxField(value: unknown): value is SandboxField {
  return (sandboxFieldNames as readonly unknown[]).includes(value);
}

const addressFields = ["line1", "line2", "city", "state", "postalCode"] as const;
type AddressField = (typeof addressFields)[number];

function isAddressField(name: SandboxField): name is AddressField {
  return (addressFields as readonly string[]).includes(name);
}

export const testCards = {
  succeeds: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  /** Accepted when saved (sign-up, card update), declined at every renewal. */
  declinesRenewals: "4000 0000 0000 0341",
  /** Declined as lost or stolen: a hard decline, never retried. */
  lost: "4000 0000 0000 9987",
} as const;

export const declinedMessage = "Your card was declined. Please use a different card.";
export const lostCardMessage =
  "Your card was declined: it was reported lost or stolen. Please use a different card.";

/** What the sandbox does with a card number (digits only) when it is saved or charged. */
export function sandboxCardBehaviour(
  digits: string,
): "pays" | "declined" | "lost" | "declines-renewals" {
  if (digits === cardDigits(testCards.declined)) return "declined";
  if (digits === cardDigits(testCards.lost)) return "lost";
  if (digits === cardDigits(testCards.declinesRenewals)) return "declines-renewals";
  return "pays";
}

/** The fields the page shows: no address for local pickup. */
export function sandboxFields(localPickup: boolean): SandboxField[] {
  return sandboxFieldNames.filter((name) => !localPickup || !isAddressField(name));
}

export function sandboxPaymentSchema(localPickup: boolean, now = new Date()) {
  return z.object({
    email: field(validators.email),
    name: field(validators.name),
    address: localPickup ? z.null() : usAddressSchema,
    cardNumber: field(cardValidators.number).transform(cardDigits),
    expiry: field((value) => cardValidators.expiry(value, now)),
    cvc: field(cardValidators.cvc),
  });
}

export type SandboxPayment = z.infer<ReturnType<typeof sandboxPaymentSchema>>;

/** The submitted fields, shaped for the schema: the address fields form one address. */
export function sandboxFormInput(
  values: Partial<Record<SandboxField, string>>,
  localPickup: boolean,
): Record<string, unknown> {
  const text = (name: SandboxField) => values[name] ?? "";
  return {
    email: text("email"),
    name: text("name"),
    address: localPickup
      ? null
      : Object.fromEntries(addressFields.map((name) => [name, text(name)])),
    cardNumber: text("cardNumber"),
    expiry: text("expiry"),
    cvc: text("cvc"),
  };
}

/** Each field's first error, keyed by field name. */
export function sandboxFieldErrors(error: z.ZodError): Partial<Record<SandboxField, string>> {
  const errors: Partial<Record<SandboxField, string>> = {};
  for (const issue of error.issues) {
    const name = issue.path.at(-1);
    if (isSandboxField(name)) errors[name] ??= issue.message;
  }
  return errors;
}

/** One field's error, for the browser's check as the field loses focus. */
export function sandboxFieldError(
  name: SandboxField,
  value: string,
  now = new Date(),
): string | null {
  const schema = isAddressField(name)
    ? usAddressSchema.shape[name]
    : sandboxPaymentSchema(false, now).shape[name];
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The sandbox's subscriptions, which the shop bills itself each month. */
export const sandboxSubscriptionPrefix = "sub_sandbox_";

export function isSandboxSubscription(subscriptionId: string): boolean {
  return subscriptionId.startsWith(sandboxSubscriptionPrefix);
}

/** The sandbox's hosted card-update page: the card fields of its checkout, nothing else. */
export const cardUpdateFieldNames = [
  "cardNumber",
  "expiry",
  "cvc",
] as const satisfies readonly SandboxField[];

export function cardUpdateSchema(now = new Date()) {
  return sandboxPaymentSchema(true, now).pick({ cardNumber: true, expiry: true, cvc: true });
}
