import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import type { Route } from "~/routes/+types/admin.settings";
import { intentField, settingsIntents } from "~core/form-intent";
import {
  dunningFinallyLabels,
  loadedSettingsField,
  type SettingsFormValues,
  settingLabels,
} from "~core/settings";
import { Card } from "./Card";
import { Field } from "./Field";
import { ShopTime } from "./shop-time";

type LoaderData = Route.ComponentProps["loaderData"];
/** The page's answer when it does not redirect: the form again, a new code, or a refusal. */
type Answer = Route.ComponentProps["actionData"];

const formId = "settings";

/** The form's text fields, in the page's order; `amount`: dollars, typed with a decimal keypad. */
const textFields: Array<{
  name: Exclude<keyof SettingsFormValues, "privateBeta" | "afterLastRetry">;
  label: string;
  hint: string;
  amount?: boolean;
}> = [
  {
    name: "freeShippingMin",
    label: `${settingLabels.freeShippingMinCents} ($)`,
    hint: "Orders whose goods, after discounts, reach this ship free.",
    amount: true,
  },
  {
    name: "standardShipping",
    label: `${settingLabels.standardShippingCents} ($)`,
    hint: "What shipping costs below the minimum.",
    amount: true,
  },
  {
    name: "timeZone",
    label: settingLabels.shopTimeZone,
    hint: "The back office shows times by this clock, such as America/Los_Angeles.",
  },
  {
    name: "softLaunchCode",
    label: settingLabels.softLaunchCode,
    hint: "The promotion the home page offers first visitors. Empty: no offer.",
  },
  {
    name: "retryDays",
    label: settingLabels.dunningRetryDays,
    hint: "Days after a declined membership renewal on which it is tried again, such as 1, 3, 5, 7.",
  },
];

function SettingsForm({
  settings,
  values,
  answer,
  busy,
}: Pick<LoaderData, "settings" | "values"> & { answer: Answer; busy: boolean }) {
  const shown = answer && "form" in answer ? answer.form : null;
  const typed = shown?.values ?? values;
  const errors = shown?.fieldErrors ?? {};
  const loaded = shown ? (shown.loaded ?? settings) : settings;
  // A new answer opens the form anew with its values, which the fields only take when created.
  const version = JSON.stringify([typed, loaded]);
  return (
    <Card title="Shipping and shop">
      <Form method="post" noValidate className="space-y-4" key={version}>
        <ServerErrorAlert error={shown?.error} />
        <input type="hidden" name={intentField} value={settingsIntents.save} />
        <input type="hidden" name={loadedSettingsField} value={JSON.stringify(loaded)} />
        <div className="grid gap-4 sm:grid-cols-2">
          {textFields.map(({ name, label, hint, amount }) => (
            <Field
              key={name}
              form={formId}
              name={name}
              label={label}
              inputMode={amount ? "decimal" : undefined}
              defaultValue={typed[name]}
              error={errors[name]}
              hint={hint}
            />
          ))}
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
          <input
            type="checkbox"
            name="privateBeta"
            defaultChecked={typed.privateBeta}
            className="size-5 cursor-pointer accent-olive-800"
          />
          {settingLabels.privateBeta}: visitors need the beta access code
        </label>
        <fieldset className="space-y-1">
          <legend className="font-semibold">{settingLabels.dunningFinally}</legend>
          {Object.entries(dunningFinallyLabels).map(([value, label]) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="afterLastRetry"
                value={value}
                defaultChecked={typed.afterLastRetry === value}
                className="size-5 cursor-pointer accent-olive-800"
              />
              {label}
            </label>
          ))}
          {errors.afterLastRetry ? (
            <p className="text-sm text-red-700">{errors.afterLastRetry}</p>
          ) : null}
        </fieldset>
        <button type="submit" disabled={busy} className="btn-primary">
          Save settings
        </button>
      </Form>
    </Card>
  );
}

function NewCode({ label, code }: { label: string; code: string }) {
  return (
    <div role="status" className="rounded-lg border border-olive-300 bg-olive-50 px-4 py-3">
      <p className="font-semibold">New {label.toLowerCase()}</p>
      <p className="mt-1 font-mono text-lg break-all text-olive-950" data-testid="new-access-code">
        {code}
      </p>
      <p className="mt-1 text-ink/80">
        Copy it now: it is shown only this once. The old code no longer works.
      </p>
    </div>
  );
}

function AccessCodes({
  codes,
  answer,
  busy,
}: Pick<LoaderData, "codes"> & { answer: Answer; busy: boolean }) {
  const rotated = answer && "rotated" in answer ? answer.rotated : null;
  const refusal = answer && "error" in answer ? answer.error : null;
  return (
    <Card title="Access codes">
      <p className="text-ink/80">
        Codes are stored only as a hash and cannot be shown. Rotating one makes a new code at once;
        whoever used the old one keeps the access they were given.
      </p>
      <ServerErrorAlert error={refusal} />
      {rotated ? <NewCode {...rotated} /> : null}
      <ul className="divide-y divide-olive-200">
        {codes.map((code) => (
          <li
            key={code.kind}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold">{code.label}</p>
              <p className="text-ink/80">
                {!code.isSet ? (
                  "Not set: no code opens it."
                ) : code.rotatedAt ? (
                  <>
                    Rotated <ShopTime at={new Date(code.rotatedAt)} />
                  </>
                ) : (
                  "From the server's configuration"
                )}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name={intentField} value={settingsIntents.rotateCode} />
              <input type="hidden" name="kind" value={code.kind} />
              <input type="hidden" name="rotatedAt" value={code.rotatedAt ?? ""} />
              <button type="submit" disabled={busy} className="btn-outline">
                Rotate {code.label.toLowerCase()}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The owner's settings: shipping, the shop's clock, the launch, and the access codes. */
export function ShopSettingsPage({
  settings,
  values,
  codes,
  answer,
}: LoaderData & { answer: Answer }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Settings</h1>
        <p className="text-ink/80">
          Changes apply to the shop within seconds, and each is in the audit log.
        </p>
      </div>
      <SettingsForm settings={settings} values={values} answer={answer} busy={busy} />
      <AccessCodes codes={codes} answer={answer} busy={busy} />
    </div>
  );
}
