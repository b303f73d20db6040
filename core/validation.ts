/**
 * The zod schemas of the shop's boundaries, built on the field rules. Browser code should import
 * `./field-rules` instead, which this module re-exports, to keep zod out of the page's bundle.
 */
import { z } from "zod";
import { type Validator, validators } from "./field-rules";

export * from "./field-rules";

/** A zod string field that trims and applies one of the field rules. */
export function field(validator: Validator) {
  return z
    .string()
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const message = validator(value);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

/** An optional field: empty becomes null (the spec sends empty phone and line 2 as null). */
export function optionalField(validator: Validator) {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .superRefine((value, ctx) => {
      const message = value === null ? null : validator(value);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

/** A US address as the shop stores it; the state is kept upper-case. */
export const usAddressSchema = z.object({
  line1: field(validators.address),
  line2: optionalField(() => null),
  city: field(validators.city),
  state: field(validators.state).transform((value) => value.toUpperCase()),
  postalCode: field(validators.zip),
  country: z.literal("US").default("US"),
});
export type UsAddress = z.infer<typeof usAddressSchema>;

/** Codes, referral ids and slugs arrive in URLs: short, and only letters, digits, `-` and `_`. */
const urlToken = (maxLength: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(maxLength)
    .regex(/^[A-Za-z0-9_-]+$/);

/** A promotion code as typed or linked (`?promoCode=`); matched case-insensitively. */
export const promoCodeSchema = urlToken(40);
/** An affiliate's referral id (`?ref=` or `?affiliate=`), kept for checkout. */
export const affiliateIdSchema = urlToken(64);
/** A lower-case page slug such as `maria-papadopoulos`. */
export const slugSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A path on this shop to send the browser back to; anything else (other sites too) is `/`. */
export function safeLocalPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  if (value.startsWith("//") || value.startsWith("/\\") || /[\r\n]/.test(value)) return "/";
  return value;
}
