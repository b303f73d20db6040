import { Form, Link, useNavigation } from "react-router";
import type { Route as EditRoute } from "~/routes/+types/admin.influencer";
import type { Route as ListRoute } from "~/routes/+types/admin.influencers";
import { influencerTextLimits } from "~core/admin/influencer-form";
import { influencerIntents, intentField } from "~core/form-intent";
import { CountedField } from "./CountedField";
import { Field } from "./Field";
import { FieldsAlert, FormAlert } from "./FormAlert";
import { StatusBadge } from "./ListParts";
import { PhotoUpload } from "./PhotoUpload";

type ListData = ListRoute.ComponentProps["loaderData"];
type EditData = EditRoute.ComponentProps["loaderData"];
type EditResult = EditRoute.ComponentProps["actionData"];

const formId = "influencer";

/** Every influencer page, active or taken down. */
export function InfluencersAdmin({ influencers }: ListData) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Influencers</h1>
        <p className="text-ink/80">
          Each influencer's community page and the offer it gives their friends. A page taken down
          tells visitors it has closed and sends them to the shop.
        </p>
      </div>
      <ul className="divide-y divide-olive-200 rounded-xl border border-olive-200 bg-cream">
        {influencers.map((influencer) => (
          <li
            key={influencer.id}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
          >
            <div>
              <Link
                to={`/admin/influencers/${influencer.id}`}
                className="font-semibold underline-offset-4 hover:underline"
              >
                {influencer.firstName} {influencer.lastName}
              </Link>
              <p className="text-sm text-ink/75">
                /community/{influencer.slug} · code {influencer.couponCode}
              </p>
            </div>
            <StatusBadge>{influencer.active ? "Active" : "Taken down"}</StatusBadge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One influencer's page: the texts, the offer's code, whether it is up, and the portrait. */
export function InfluencerEditor({
  slug,
  input,
  portrait,
  form,
  result,
}: EditData & { result: EditResult }) {
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? form;
  const errors = result?.fieldErrors ?? {};
  const counted = (name: keyof typeof influencerTextLimits, label: string, multiline = false) => (
    <CountedField
      form={formId}
      name={name}
      label={label}
      limit={influencerTextLimits[name]}
      value={values[name]}
      error={errors[name]}
      multiline={multiline}
    />
  );
  return (
    <div className="space-y-6">
      <Link to="/admin/influencers" className="text-sm font-semibold underline underline-offset-4">
        All influencers
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">
          {input.firstName} {input.lastName}
        </h1>
        <StatusBadge>{input.active ? "Active" : "Taken down"}</StatusBadge>
      </div>
      <p>
        <a href={`/community/${slug}`} className="font-semibold underline underline-offset-4">
          Open the public page
        </a>
      </p>
      <FormAlert message={result?.message} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Form
          method="post"
          noValidate
          className="space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
        >
          <input type="hidden" name={intentField} value={influencerIntents.save} />
          <FieldsAlert errors={errors} />
          <div className="grid gap-3 sm:grid-cols-2">
            {counted("firstName", "First name")}
            {counted("lastName", "Last name")}
          </div>
          {counted("title", "Title (who they are)")}
          {counted("heroQuote", "Quote at the top", true)}
          {counted("storyQuote", "Bio (why they cook with our oil)", true)}
          <Field
            name="couponCode"
            form={formId}
            label="Offer code"
            hint="The promotion with this code is applied on the page; manage it under Promotions."
            error={errors.couponCode}
            defaultValue={values.couponCode}
          />
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="active"
              value="on"
              defaultChecked={values.active}
              className="size-5 accent-olive-800"
            />
            <span>Page is up (clear to take it down)</span>
          </label>
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
