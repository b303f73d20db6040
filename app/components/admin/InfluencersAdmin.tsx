import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route as EditRoute } from "~/routes/+types/admin.influencer";
import type { Route as NewRoute } from "~/routes/+types/admin.influencer-new";
import type { Route as ListRoute } from "~/routes/+types/admin.influencers";
import {
  type InfluencerFieldErrors,
  type InfluencerFormValues,
  influencerPageStatus,
  influencerTextLimits,
} from "~core/admin/influencer-form";
import { influencerIntents, intentField } from "~core/form-intent";
import { BackLink } from "./BackLink";
import { CountedField } from "./CountedField";
import { Field, fieldClass } from "./Field";
import { FieldsAlert, FormAlert } from "./FormAlert";
import { StatusBadge } from "./ListParts";
import { PhotoFields, PhotoUpload } from "./PhotoUpload";

type ListData = ListRoute.ComponentProps["loaderData"];
type EditData = EditRoute.ComponentProps["loaderData"];
type EditResult = EditRoute.ComponentProps["actionData"];
type NewData = NewRoute.ComponentProps["loaderData"];
type NewResult = NewRoute.ComponentProps["actionData"];
type Offers = EditData["offers"];

/** Every influencer page, drafts, active and taken down, and the way to a new one. */
export function InfluencersAdmin({ influencers }: ListData) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-prose space-y-2">
          <h1 className="text-3xl sm:text-4xl">Influencers</h1>
          <p className="text-ink/80">
            Each influencer's community page and the offer it gives their friends. Anyone on the
            staff prepares a new page as a draft; the owner puts it up. A page taken down tells
            visitors it has closed and sends them to the shop.
          </p>
        </div>
        <Link to="/admin/influencers/new" className="btn-primary">
          New influencer page
        </Link>
      </div>
      <ul className="divide-y divide-olive-200 rounded-xl border border-olive-200 bg-cream">
        {influencers.map((influencer) => {
          const name = `${influencer.firstName} ${influencer.lastName}`;
          return (
            <li
              key={influencer.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                {influencer.editable ? (
                  <Link
                    to={`/admin/influencers/${influencer.id}`}
                    className="inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline"
                  >
                    {name}
                  </Link>
                ) : (
                  <p className="font-semibold">{name}</p>
                )}
                <p className="text-sm [overflow-wrap:anywhere] text-ink/75">
                  /community/{influencer.slug}
                </p>
                <p className="text-sm text-ink/75">Offer {influencer.couponCode}</p>
              </div>
              <StatusBadge>{influencerPageStatus(influencer)}</StatusBadge>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The offer: a promotion no other page has, by its code. */
function OfferField({
  form,
  offers,
  value,
  error,
}: {
  form: string;
  offers: Offers;
  value: string;
  error: string | undefined;
}) {
  const id = `${form}-couponCode`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        Offer
      </label>
      <select
        id={id}
        name="couponCode"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className={fieldClass}
      >
        {value === "" ? <option value="">Choose a promotion</option> : null}
        {offers.map((offer) => (
          <option key={offer.code} value={offer.code}>
            {offer.label}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="text-sm text-ink/75">
        The page applies this promotion for its visitors. Promotions are made under Promotions;
        those another page already offers are not listed.
      </span>
      <span id={`${id}-error`} className="text-sm font-medium text-red-800">
        {error}
      </span>
    </div>
  );
}

/** The texts and offer of a page, shared by the new page's form and the editor's. */
function PageFields({
  form,
  values,
  errors,
  offers,
  mayPutUp,
  switchLabel,
  children,
}: {
  /** Fields the form has after the names (a new page's address). */
  children?: ReactNode;
  form: string;
  values: InfluencerFormValues;
  errors: InfluencerFieldErrors;
  offers: Offers;
  mayPutUp: boolean;
  /** What checking the owner's switch does here. */
  switchLabel: string;
}) {
  const counted = (name: keyof typeof influencerTextLimits, label: string, multiline = false) => (
    <CountedField
      form={form}
      name={name}
      label={label}
      limit={influencerTextLimits[name]}
      value={values[name]}
      error={errors[name]}
      multiline={multiline}
    />
  );
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {counted("firstName", "First name")}
        {counted("lastName", "Last name")}
      </div>
      {children}
      {counted("title", "Title (who they are)")}
      {counted("heroQuote", "Quote at the top", true)}
      {counted("storyQuote", "Bio (why they cook with our oil)", true)}
      <OfferField form={form} offers={offers} value={values.couponCode} error={errors.couponCode} />
      {mayPutUp ? (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="active"
            value="on"
            defaultChecked={values.active}
            className="size-5 accent-olive-800"
          />
          <span>{switchLabel}</span>
        </label>
      ) : (
        <p className="text-sm text-ink/80">
          The page stays a draft, seen by no visitor, until the owner puts it up.
        </p>
      )}
    </>
  );
}

const newFormId = "new-influencer";

/** A new influencer's page: their texts, address, offer and portrait, in one form. */
export function NewInfluencerPage({
  offers,
  form,
  mayPutUp,
  result,
}: NewData & { result: NewResult }) {
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? form;
  const errors = result?.fieldErrors ?? {};
  const photoErrors = result?.photoErrors ?? {};
  return (
    <div className="space-y-6">
      <BackLink to="/admin/influencers">All influencers</BackLink>
      <h1 className="text-3xl sm:text-4xl">New influencer page</h1>
      <FormAlert message={result?.message} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="max-w-3xl space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
      >
        <input type="hidden" name={intentField} value={influencerIntents.create} />
        <FieldsAlert errors={{ ...errors, ...photoErrors }} />
        <PageFields
          form={newFormId}
          values={values}
          errors={errors}
          offers={offers}
          mayPutUp={mayPutUp}
          switchLabel="Put the page up at once (leave clear to keep it a draft)"
        >
          <Field
            name="slug"
            form={newFormId}
            label="Address"
            hint="What follows /community/ in the page's address. Leave it empty to make it from the name. It cannot change once the page is made."
            error={errors.slug}
            defaultValue={values.slug}
          />
        </PageFields>
        <fieldset className="space-y-3 rounded-lg border border-olive-200 p-4">
          <legend className="px-1 font-semibold">Portrait</legend>
          {result ? <p className="text-sm text-ink/80">Please choose the portrait again.</p> : null}
          <PhotoFields form={newFormId} label="Portrait photo" errors={photoErrors} />
        </fieldset>
        <button type="submit" disabled={busy} className="btn-primary">
          Create the page
        </button>
      </Form>
    </div>
  );
}

const editFormId = "influencer";

/** One influencer's page: the texts, the offer, whether it is up, and the portrait. */
export function InfluencerEditor({
  slug,
  launched,
  input,
  portrait,
  offers,
  form,
  mayPutUp,
  result,
}: EditData & { result: EditResult }) {
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? form;
  const errors = result?.fieldErrors ?? {};
  return (
    <div className="space-y-6">
      <BackLink to="/admin/influencers">All influencers</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">
          {input.firstName} {input.lastName}
        </h1>
        <StatusBadge>{influencerPageStatus({ active: input.active, launched })}</StatusBadge>
      </div>
      {launched ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <span className="[overflow-wrap:anywhere] text-ink/80">/community/{slug}</span>
          <a href={`/community/${slug}`} className="font-semibold underline underline-offset-4">
            Open the public page
          </a>
        </p>
      ) : (
        <p className="[overflow-wrap:anywhere] text-ink/80">
          Its address will be /community/{slug}; no visitor sees it until the owner puts it up.
        </p>
      )}
      <FormAlert message={result?.message} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Form
          method="post"
          noValidate
          className="space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
        >
          <input type="hidden" name={intentField} value={influencerIntents.save} />
          <FieldsAlert errors={errors} />
          <PageFields
            form={editFormId}
            values={values}
            errors={errors}
            offers={offers}
            mayPutUp={mayPutUp}
            switchLabel="Page is up (clear to take it down)"
          />
          <button type="submit" disabled={busy} className="btn-primary">
            Save page
          </button>
        </Form>
        <PhotoUpload
          title="Portrait"
          intent={influencerIntents.uploadPortrait}
          errors={result?.photoErrors ?? {}}
          busy={busy}
          current={portrait}
          shape="aspect-square"
          none="The page shows the illustrated portrait."
        />
      </div>
    </div>
  );
}
