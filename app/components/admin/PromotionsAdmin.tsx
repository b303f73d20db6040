import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route as EditRoute } from "~/routes/+types/admin.promotion";
import type { Route as ListRoute } from "~/routes/+types/admin.promotions";
import type { PromotionField, PromotionFormValues } from "~core/admin/promotion-form";
import { type IntentOf, intentField, promotionIntents } from "~core/form-intent";
import { formatMoney } from "~core/money";
import { promotionKindLabels, promotionKinds, promotionStateLabels } from "~core/promotion-rules";
import { Field, fieldClass } from "./Field";
import { StatusBadge } from "./ListParts";
import { PageHeading, Refusal } from "./PageParts";
import { ShopTime, useShopTimeZone } from "./shop-time";

type ListData = ListRoute.ComponentProps["loaderData"];
type ListResult = ListRoute.ComponentProps["actionData"];
type EditData = EditRoute.ComponentProps["loaderData"];
type EditResult = EditRoute.ComponentProps["actionData"];
type Influencers = ListData["influencers"];
type ItemChoices = ListData["items"];
type PromotionRow = ListData["promotions"][number];

const formId = "promotion";

function Uses({ promotion }: { promotion: PromotionRow }) {
  const limit = promotion.totalLimit === null ? "no limit" : `limit ${promotion.totalLimit}`;
  return (
    <>
      {`${promotion.used} used · ${promotion.reserved} reserved · ${limit}`}
      {promotion.perCustomerLimit === null ? null : (
        <span className="block text-ink/75">{promotion.perCustomerLimit} per customer</span>
      )}
    </>
  );
}

function Runs({ promotion }: { promotion: PromotionRow }) {
  if (!promotion.startsAt && !promotion.endsAt) return <>Any time</>;
  return (
    <>
      {promotion.startsAt ? (
        <span className="block">
          From <ShopTime at={promotion.startsAt} />
        </span>
      ) : null}
      {promotion.endsAt ? (
        <span className="block">
          Until <ShopTime at={promotion.endsAt} />
        </span>
      ) : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink/70 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function PauseOrResume({ promotion, busy }: { promotion: PromotionRow; busy: boolean }) {
  const intent: IntentOf<typeof promotionIntents> = promotion.active
    ? promotionIntents.pause
    : promotionIntents.resume;
  return (
    <Form method="post">
      <input type="hidden" name={intentField} value={intent} />
      <input type="hidden" name="promotionId" value={promotion.id} />
      <button type="submit" disabled={busy} className="btn-outline min-h-11">
        {promotion.active ? "Pause" : "Resume"}
        <span className="sr-only"> {promotion.code}</span>
      </button>
    </Form>
  );
}

function PromotionList({ promotions, busy }: { promotions: PromotionRow[]; busy: boolean }) {
  if (promotions.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-8 text-center">
        No promotions yet.
      </p>
    );
  }
  return (
    <ul className="space-y-3">
      {promotions.map((promotion) => (
        <li
          key={promotion.id}
          aria-labelledby={`promotion-${promotion.id}`}
          className="rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id={`promotion-${promotion.id}`} className="text-xl tracking-wide">
              {promotion.code}{" "}
              <span className="text-base font-normal text-ink/80">{promotion.discount}</span>
            </h3>
            <StatusBadge>{promotionStateLabels[promotion.state]}</StatusBadge>
          </div>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Uses">
              <Uses promotion={promotion} />
            </Fact>
            <Fact label="Runs">
              <Runs promotion={promotion} />
            </Fact>
            <Fact label="Applies to">
              {promotion.items ? promotion.items.join(", ") : "The discount-eligible items"}
              {promotion.minSubtotalCents > 0 ? (
                <span className="block text-ink/75">
                  Orders of {formatMoney(promotion.minSubtotalCents)} or more
                </span>
              ) : null}
            </Fact>
            <Fact label="Influencer">{promotion.influencerName ?? "None"}</Fact>
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              to={`/admin/promotions/${promotion.id}`}
              className="btn-outline inline-flex min-h-11 items-center"
            >
              Edit<span className="sr-only"> {promotion.code}</span>
            </Link>
            <PauseOrResume promotion={promotion} busy={busy} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const legendClass = "font-semibold";
const groupClass = "space-y-3 rounded-lg border border-olive-200 p-4";

function Choice({
  type,
  name,
  value,
  checked,
  children,
  describedBy,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
  describedBy?: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        aria-describedby={describedBy}
        className="size-5 accent-olive-800"
      />
      <span>{children}</span>
    </label>
  );
}

const termLabels = {
  percentOff: "Percent off (for a percent)",
  amountOff: "Amount off in dollars (for a fixed amount)",
  startsAt: "Starts (empty: at once)",
  endsAt: "Ends (empty: never)",
  totalLimit: "Uses in all (empty: no limit)",
  perCustomerLimit: "Uses per customer e-mail (empty: no limit)",
  minSubtotal: "Minimum subtotal in dollars (empty: none)",
} as const satisfies Partial<Record<PromotionField, string>>;

type TermField = keyof typeof termLabels;

/** A row of the form's typed terms: times as datetime-local fields, numbers as text. */
function TermFields({
  names,
  values,
  errors,
}: {
  names: TermField[];
  values: PromotionFormValues;
  errors: Partial<Record<PromotionField, string>>;
}) {
  const columns = names.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2";
  return (
    <div className={`grid gap-3 ${columns}`}>
      {names.map((name) => (
        <Field
          key={name}
          name={name}
          form={formId}
          error={errors[name]}
          label={termLabels[name]}
          defaultValue={values[name]}
          {...(name === "startsAt" || name === "endsAt"
            ? { type: "datetime-local" }
            : { inputMode: "decimal" as const })}
        />
      ))}
    </div>
  );
}

/** The promotion's terms, as a form that works before the page's scripts run. */
function PromotionForm({
  intent,
  values,
  errors,
  influencers,
  items,
  submitLabel,
  busy,
}: {
  intent: IntentOf<typeof promotionIntents>;
  values: PromotionFormValues;
  errors: Partial<Record<PromotionField, string>>;
  influencers: Influencers;
  items: ItemChoices;
  submitLabel: string;
  busy: boolean;
}) {
  const timeZone = useShopTimeZone();
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
    >
      <input type="hidden" name={intentField} value={intent} />
      {hasErrors ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900"
        >
          Please correct the fields marked below.
        </p>
      ) : null}
      <Field
        name="code"
        form={formId}
        error={errors.code}
        label="Code"
        defaultValue={values.code}
        required
      />
      <fieldset className={groupClass}>
        <legend className={legendClass}>Discount</legend>
        {promotionKinds.map((kind) => (
          <Choice key={kind} type="radio" name="kind" value={kind} checked={values.kind === kind}>
            {promotionKindLabels[kind]}
          </Choice>
        ))}
        <TermFields names={["percentOff", "amountOff"]} values={values} errors={errors} />
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>When ({timeZone} time)</legend>
        <TermFields names={["startsAt", "endsAt"]} values={values} errors={errors} />
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Limits</legend>
        <TermFields
          names={["totalLimit", "perCustomerLimit", "minSubtotal"]}
          values={values}
          errors={errors}
        />
      </fieldset>
      <fieldset className={groupClass} aria-describedby={`${formId}-eligibleItemIds-error`}>
        <legend className={legendClass}>Items it applies to</legend>
        <div className="grid sm:grid-cols-2">
          {items.map(({ id, name }) => (
            <Choice
              key={id}
              type="checkbox"
              name="eligibleItemIds"
              value={id}
              checked={values.eligibleItemIds.includes(id)}
            >
              {name}
            </Choice>
          ))}
        </div>
        <span id={`${formId}-eligibleItemIds-error`} className="text-sm font-medium text-red-800">
          {errors.eligibleItemIds}
        </span>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${formId}-influencerId`} className="font-semibold">
          Influencer
        </label>
        <select
          id={`${formId}-influencerId`}
          name="influencerId"
          defaultValue={values.influencerId}
          aria-invalid={errors.influencerId ? true : undefined}
          aria-describedby={`${formId}-influencerId-error`}
          className={fieldClass}
        >
          <option value="">None</option>
          {influencers.map((influencer) => (
            <option key={influencer.id} value={influencer.id}>
              {influencer.name}
            </option>
          ))}
        </select>
        <span id={`${formId}-influencerId-error`} className="text-sm font-medium text-red-800">
          {errors.influencerId}
        </span>
      </div>
      <Choice type="checkbox" name="active" value="on" checked={values.active}>
        Active (clear to pause the code)
      </Choice>
      <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
        {submitLabel}
      </button>
    </Form>
  );
}

/** The owner's promotions: every code with its uses, and a new one. */
export function PromotionsAdmin({
  promotions,
  influencers,
  items,
  form,
  result,
}: ListData & { result: ListResult }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <PageHeading title="Promotions">
        Codes shoppers type or follow in a link. A limited use is held while a checkout is open and
        counts as used once it is paid.
      </PageHeading>
      <Refusal message={result?.message} />
      <section aria-labelledby="codes-heading" className="space-y-3">
        <h2 id="codes-heading" className="text-2xl">
          Codes
        </h2>
        <PromotionList promotions={promotions} busy={busy} />
      </section>
      <section aria-labelledby="new-heading" className="space-y-3">
        <h2 id="new-heading" className="text-2xl">
          New promotion
        </h2>
        {/* A new key after each promotion created: the form starts empty again. */}
        <PromotionForm
          key={promotions.length}
          intent={promotionIntents.create}
          values={result?.values ?? form}
          errors={result?.fieldErrors ?? {}}
          influencers={influencers}
          items={items}
          submitLabel="Create promotion"
          busy={busy}
        />
      </section>
    </div>
  );
}

/** One promotion's terms, to change them. */
export function PromotionEditor({
  code,
  influencers,
  items,
  form,
  result,
}: EditData & { result: EditResult }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <Link to="/admin/promotions" className="text-sm font-semibold underline underline-offset-4">
        All promotions
      </Link>
      <PageHeading title={`Promotion ${code}`}>
        Changes apply to checkouts opened from now on; open ones keep the terms they were priced
        with.
      </PageHeading>
      <Refusal message={result?.message} />
      <PromotionForm
        intent={promotionIntents.save}
        values={result?.values ?? form}
        errors={result?.fieldErrors ?? {}}
        influencers={influencers}
        items={items}
        submitLabel="Save changes"
        busy={busy}
      />
    </div>
  );
}
