import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  type FieldProps,
  SubmitButton,
  TextField,
  type TextFieldProps,
  useFormFields,
} from "~/components/forms/form-kit";
import { useHydrated } from "~/components/forms/use-hydrated";
import type { Validator } from "~core/field-rules";
import {
  cardUpdateFieldNames,
  type SandboxField,
  sandboxFieldError,
  sandboxFieldLabels,
  sandboxFields,
  testCards,
} from "~core/sandbox-checkout";

type Values = Partial<Record<SandboxField, string>>;
type Errors = Partial<Record<SandboxField, string>>;

const inputAttributes: Record<SandboxField, Omit<TextFieldProps, keyof FieldProps | "label">> = {
  email: { type: "email", autoComplete: "email" },
  name: { autoComplete: "name" },
  line1: { autoComplete: "address-line1" },
  line2: { autoComplete: "address-line2" },
  city: { autoComplete: "address-level2" },
  state: { autoComplete: "address-level1", placeholder: "CA" },
  postalCode: { autoComplete: "postal-code", inputMode: "numeric" },
  cardNumber: {
    autoComplete: "cc-number",
    inputMode: "numeric",
    placeholder: "1234 1234 1234 1234",
  },
  expiry: { autoComplete: "cc-exp", inputMode: "numeric", placeholder: "MM/YY" },
  cvc: { autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4 },
};

const optionalFields: ReadonlySet<SandboxField> = new Set(["line2"]);

function label(name: SandboxField): ReactNode {
  return optionalFields.has(name) ? (
    <>
      {sandboxFieldLabels[name]}
      <span className="font-normal text-olive-700"> (optional)</span>
    </>
  ) : (
    sandboxFieldLabels[name]
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 font-serif text-xl text-olive-950">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The hosted page's form. It works without JavaScript (the server checks everything); with it,
 * a field shows its error once it has had content and lost focus, and paying waits until every
 * field is valid.
 */
export function SandboxPaymentForm({
  localPickup,
  payLabel,
  initialValues,
  serverErrors,
  declined,
  cardOnly = false,
  terms = null,
}: {
  localPickup: boolean;
  payLabel: string;
  initialValues: Values;
  serverErrors: Errors;
  declined: string | null;
  /** The hosted card-update page: the card's fields only. */
  cardOnly?: boolean;
  /** A membership's terms, agreed to by paying. */
  terms?: string | null;
}) {
  const [rules] = useState(() =>
    Object.fromEntries(
      (cardOnly ? cardUpdateFieldNames : sandboxFields(localPickup)).map(
        (name): [SandboxField, Validator] => [name, (value) => sandboxFieldError(name, value)],
      ),
    ),
  );
  const form = useFormFields(rules, { initialValues, serverErrors });
  const hydrated = useHydrated();
  const paying = useNavigation().state !== "idle";
  const field = (name: SandboxField) => (
    <TextField
      key={name}
      {...form.field(name)}
      label={label(name)}
      required={!optionalFields.has(name)}
      {...inputAttributes[name]}
    />
  );

  return (
    <Form method="post" noValidate={hydrated} className="space-y-8">
      {cardOnly ? null : (
        <Section title="Contact">
          {field("email")}
          {field("name")}
        </Section>
      )}
      {cardOnly ? null : localPickup ? (
        <p className="rounded-lg bg-olive-100 px-4 py-3 text-sm text-olive-900">
          Local pickup in Mountain View: no shipping address needed.
        </p>
      ) : (
        <Section title="Shipping address">
          {field("line1")}
          {field("line2")}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
            {field("city")}
            {field("state")}
            {field("postalCode")}
          </div>
          <p className="text-sm text-olive-700">Currently we only ship to the US</p>
        </Section>
      )}
      <Section title="Payment">
        {declined ? (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            {declined}
          </p>
        ) : null}
        {field("cardNumber")}
        <div className="grid grid-cols-2 gap-4">
          {field("expiry")}
          {field("cvc")}
        </div>
        <p className="text-sm text-olive-700">
          Test cards: {testCards.succeeds} pays, {testCards.declined} is declined,{" "}
          {testCards.declinesRenewals} pays now and is declined at renewals, {testCards.lost} is
          declined as lost. Any future expiry and any CVC.
        </p>
      </Section>
      {terms ? <p className="text-sm text-olive-800">{terms}</p> : null}
      <SubmitButton
        ready={form.isValid}
        busy={paying}
        busyLabel="Processing payment…"
        className="btn-primary w-full text-base"
      >
        {payLabel}
      </SubmitButton>
    </Form>
  );
}
