/**
 * The account's shipping form: the browser checks each field as
 * it loses focus, the action parses the whole form. The country is always the US; phone and
 * line 2 are optional and sent as null when empty.
 */
import { z } from "zod";
import type { FieldErrors, FormFields } from "./auth-forms";
import { field, optionalField, usAddressSchema, type Validator, validators } from "./validation";

const optional =
  (validator: Validator): Validator =>
  (value) =>
    value.trim() === "" ? null : validator(value);

/** The form's fields, by input name, with their rules. */
export const shippingFields = {
  name: validators.name,
  phone: optional(validators.phone),
  line1: validators.address,
  line2: () => null,
  city: validators.city,
  state: validators.state,
  postalCode: validators.zip,
} satisfies FormFields;

export type ShippingField = keyof typeof shippingFields;

export const shippingInfoSchema = z.object({
  name: field(validators.name),
  phone: optionalField(validators.phone),
  address: usAddressSchema,
});

export type ShippingInfoInput = z.infer<typeof shippingInfoSchema>;

export const onlyUsShipping = "Currently we only ship to the US";

/** The submitted form as shipping info, or each invalid field's message by input name. */
export function parseShippingForm(
  form: FormData,
): { ok: true; shipping: ShippingInfoInput } | { ok: false; fieldErrors: FieldErrors } {
  const text = (name: ShippingField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const parsed = shippingInfoSchema.safeParse({
    name: text("name"),
    phone: text("phone"),
    address: {
      line1: text("line1"),
      line2: text("line2"),
      city: text("city"),
      state: text("state"),
      postalCode: text("postalCode"),
    },
  });
  if (parsed.success) return { ok: true, shipping: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.at(-1);
    if (typeof name === "string") fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}
