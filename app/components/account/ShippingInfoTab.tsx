import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { track } from "~/components/analytics/track";
import {
  type FieldProps,
  fixedField,
  SubmitButton,
  TextField,
  useFormFields,
} from "~/components/forms/form-kit";
import { accountTabHref } from "~core/account-urls";
import { accountIntents, intentField } from "~core/form-intent";
import { onlyUsShipping, type ShippingField, shippingFields } from "~core/shipping-info";
import { type AccountActionResult, useAccountAction } from "./action-result";
import { EmptyState } from "./EmptyState";
import { LoadedTab, type LoadedValue, type TabContent } from "./TabData";

type SentShipping = TabContent<"shipping-info">["shipping"];
/** The account's shipping information, as the payment provider keeps it. */
type SavedShipping = NonNullable<LoadedValue<SentShipping>>;

const displayHref = accountTabHref("shipping-info");
/** The form is open while the address says so: it works before JavaScript loads. */
const editHref = `${displayHref}&edit=1`;

const country = fixedField("country", "United States");

function ShippingAddress({ shipping }: { shipping: SavedShipping }) {
  const { address } = shipping;
  return (
    <div className="mt-6 flex flex-col gap-5 rounded-xl border border-olive-200 bg-white/70 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
      <address className="not-italic leading-relaxed">
        <span className="font-semibold text-olive-950">{shipping.name}</span>
        <br />
        {address.line1}
        <br />
        {address.line2 ? (
          <>
            {address.line2}
            <br />
          </>
        ) : null}
        {address.city}, {address.state} {address.postalCode}
        <br />
        United States
        {shipping.phone ? (
          <>
            <br />
            {shipping.phone}
          </>
        ) : null}
      </address>
      <Link to={editHref} preventScrollReset className="btn-outline text-olive-900">
        Edit
      </Link>
    </div>
  );
}

interface InputOfForm {
  name: ShippingField;
  label: string;
  autoComplete: string;
  optional?: boolean;
  type?: "tel";
}

/** The lines of the address one under the other, then city, state and ZIP side by side. */
const lines: InputOfForm[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "phone", label: "Phone (optional)", autoComplete: "tel", optional: true, type: "tel" },
  { name: "line1", label: "Address line 1", autoComplete: "address-line1" },
  {
    name: "line2",
    label: "Address line 2 (optional)",
    autoComplete: "address-line2",
    optional: true,
  },
];
const placeInputs: InputOfForm[] = [
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "postalCode", label: "ZIP", autoComplete: "postal-code" },
];

function ShippingInput({
  input,
  form,
}: {
  input: InputOfForm;
  form: { field: (name: ShippingField) => FieldProps };
}) {
  return (
    <TextField
      {...form.field(input.name)}
      label={input.label}
      type={input.type}
      autoComplete={input.autoComplete}
      required={!input.optional}
    />
  );
}

function ShippingForm({
  shipping,
  pageResult,
}: {
  shipping: SavedShipping;
  pageResult: AccountActionResult | undefined;
}) {
  const { fetcher: saving, refusal } = useAccountAction(pageResult, "shipping_update_error");
  const navigate = useNavigate();
  const { address } = shipping;
  const form = useFormFields(shippingFields, {
    initialValues: {
      name: shipping.name,
      phone: shipping.phone ?? "",
      line1: address.line1,
      line2: address.line2 ?? "",
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
    },
    serverErrors: refusal?.fieldErrors,
  });
  // Closed once the information has been read again, not while it still is.
  const saved = saving.state === "idle" && saving.data?.ok === true;
  useEffect(() => {
    if (saved) navigate(displayHref, { replace: true, preventScrollReset: true });
  }, [saved, navigate]);
  return (
    <saving.Form
      method="post"
      action={editHref}
      className="mt-6 space-y-4"
      onSubmit={() => track({ name: "shipping_update" })}
    >
      <input type="hidden" name={intentField} value={accountIntents.updateShipping} />
      <ServerErrorAlert error={refusal?.error} />
      {lines.map((line) => (
        <ShippingInput key={line.name} input={line} form={form} />
      ))}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        {placeInputs.map((place) => (
          <ShippingInput key={place.name} input={place} form={form} />
        ))}
      </div>
      <TextField
        {...country}
        label="Country"
        autoComplete="country-name"
        fixed
        hint={onlyUsShipping}
      />
      <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center">
        <div className="sm:w-56">
          <SubmitButton ready={form.isValid} busy={saving.state !== "idle"} busyLabel="Updating...">
            Save
          </SubmitButton>
        </div>
        <Link
          to={displayHref}
          replace
          preventScrollReset
          className="btn-outline text-olive-900 sm:w-40"
        >
          Cancel
        </Link>
      </div>
    </saving.Form>
  );
}

/**
 * The address orders and membership bottles ship to: display, then
 * the form, then updating; on success the form closes with an alert, on error it stays open
 * with the message.
 */
export function ShippingInfoTab({
  shipping,
  pageResult,
}: {
  shipping: SentShipping;
  /** The answer to the form posted before JavaScript loaded. */
  pageResult: AccountActionResult | undefined;
}) {
  const [params] = useSearchParams();
  const editing = params.get("edit") === "1" && !pageResult?.ok;
  return (
    <LoadedTab
      id="shipping-info-heading"
      title="Shipping information"
      intro="Where your orders and your membership bottles are sent."
      resolve={shipping}
      errorText="There was an error loading your shipping information"
    >
      {(current) => {
        if (!current) {
          return (
            <EmptyState link={{ to: "/our-olive-oils", label: "Explore our olive oils" }}>
              You don't have a shipping addresses on file yet. You can create one with your first
              order.
            </EmptyState>
          );
        }
        return editing ? (
          <ShippingForm shipping={current} pageResult={pageResult} />
        ) : (
          <ShippingAddress shipping={current} />
        );
      }}
    </LoadedTab>
  );
}
