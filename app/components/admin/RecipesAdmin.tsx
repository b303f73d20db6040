import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route as EditRoute } from "~/routes/+types/admin.recipe";
import type { Route as ListRoute } from "~/routes/+types/admin.recipes";
import {
  type RecipeFieldErrors,
  type RecipeFormValues,
  type RecipeTextField,
  recipeTextLimits,
} from "~core/admin/recipe-form";
import { intentField, recipeIntents } from "~core/form-intent";
import { easeLabels, goodForLabels, recipePath, recipeStatusLabels } from "~core/recipes";
import { Autosave } from "./Autosave";
import { BackLink } from "./BackLink";
import { CountedField } from "./CountedField";
import { Field, fieldClass } from "./Field";
import { FieldsAlert, FormAlert } from "./FormAlert";
import { StatusBadge } from "./ListParts";
import { Panel } from "./PageParts";
import { PhotoUpload } from "./PhotoUpload";
import { ShopTime } from "./shop-time";

type ListData = ListRoute.ComponentProps["loaderData"];
type ListResult = ListRoute.ComponentProps["actionData"];
type EditData = EditRoute.ComponentProps["loaderData"];
type EditResult = EditRoute.ComponentProps["actionData"];

const formId = "recipe";

/** Every recipe, drafts first among the last changed, and a form for a new one. */
export function RecipesAdmin({ recipes, result }: ListData & { result: ListResult }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Recipes</h1>
        <p className="text-ink/80">
          Anyone on the staff writes drafts; the owner publishes them on the academy.
        </p>
      </div>
      <section
        aria-labelledby="new-recipe-heading"
        className="space-y-3 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
      >
        <h2 id="new-recipe-heading" className="text-2xl">
          New recipe
        </h2>
        <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name={intentField} value={recipeIntents.create} />
          <div className="flex-1">
            <Field
              name="title"
              form="new-recipe"
              label="Title"
              error={result?.error}
              defaultValue={result?.title ?? ""}
              required
            />
          </div>
          <button type="submit" disabled={busy} className="btn-primary sm:mb-6">
            Start a draft
          </button>
        </Form>
      </section>
      <section aria-labelledby="all-recipes-heading" className="space-y-3">
        <h2 id="all-recipes-heading" className="text-2xl">
          All recipes
        </h2>
        {recipes.length === 0 ? (
          <p className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-8 text-center">
            No recipes yet.
          </p>
        ) : (
          <ul className="divide-y divide-olive-200 rounded-xl border border-olive-200 bg-cream">
            {recipes.map((recipe) => (
              <li
                key={recipe.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0">
                  <Link
                    to={`/admin/recipes/${recipe.id}`}
                    className="font-semibold underline-offset-4 hover:underline"
                  >
                    {recipe.title}
                  </Link>
                  <p className="text-sm break-all text-ink/75">{recipePath(recipe.slug)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <StatusBadge>{recipeStatusLabels[recipe.status]}</StatusBadge>
                  {recipe.unpublishedChanges ? (
                    <StatusBadge>Unpublished changes</StatusBadge>
                  ) : null}
                  <span className="text-ink/75">
                    Changed <ShopTime at={recipe.updatedAt} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ChoiceList<Key extends string | number>({
  name,
  label,
  labels,
  value,
  error,
}: {
  name: RecipeTextField;
  label: string;
  labels: Record<Key, string>;
  value: string;
  error: string | undefined;
}) {
  const id = `${formId}-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={fieldClass}
      >
        {Object.entries<string>(labels).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
      <span id={`${id}-error`} className="text-sm font-medium text-red-800">
        {error}
      </span>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-olive-200 p-4">
      <legend className="font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The recipe's fields, a form that saves the draft before any script runs. */
function RecipeForm({
  values,
  oils,
  errors,
  busy,
}: {
  values: RecipeFormValues;
  oils: EditData["oils"];
  errors: RecipeFieldErrors;
  busy: boolean;
}) {
  const field = (name: RecipeTextField, label: string, hint?: string, multiline = false) => (
    <Field
      name={name}
      form={formId}
      label={label}
      hint={hint}
      error={errors[name]}
      defaultValue={values[name]}
      multiline={multiline}
    />
  );
  return (
    <Form
      id={formId}
      method="post"
      noValidate
      className="space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
    >
      <FieldsAlert errors={errors} />
      <CountedField
        form={formId}
        name="title"
        label="Title"
        limit={recipeTextLimits.title}
        value={values.title}
        error={errors.title}
        multiline={false}
      />
      {field(
        "slug",
        "Address",
        "Shown after /academy/recipes/. Empty: made from the title. A published recipe's old address sends visitors to the new one.",
      )}
      <CountedField
        form={formId}
        name="introduction"
        label="Introduction"
        limit={recipeTextLimits.introduction}
        value={values.introduction}
        error={errors.introduction}
        multiline
      />
      {field("ingredients", "Ingredients", "One ingredient a line.", true)}
      {field("directions", "Directions", "One step a line, in order.", true)}
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceList
          name="goodFor"
          label="Good for (meal)"
          labels={goodForLabels}
          value={values.goodFor}
          error={errors.goodFor}
        />
        <ChoiceList
          name="ease"
          label="Ease"
          labels={easeLabels}
          value={values.ease}
          error={errors.ease}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {field("prepMinutes", "Preparation (minutes)")}
        {field("cookMinutes", "Cooking (minutes)")}
        {field("servings", "Servings")}
      </div>
      <Group legend="Olive oils used">
        <div className="grid sm:grid-cols-2">
          {oils.map(({ id, name }) => (
            <label key={id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="oliveOils"
                value={id}
                defaultChecked={values.oliveOils.includes(id)}
                className="size-5 accent-olive-800"
              />
              <span>{name}</span>
            </label>
          ))}
        </div>
      </Group>
      {field("otherTags", "Other tags", "Separated by commas: Vegan, Summer.")}
      {field("instagramLink", "Instagram link (optional)")}
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          name={intentField}
          value={recipeIntents.save}
          disabled={busy}
          className="btn-primary"
        >
          Save draft
        </button>
        <Autosave formId={formId} />
      </div>
    </Form>
  );
}

/** Publishing is the owner's; everyone else is told who does it. */
function Publishing({
  status,
  unpublishedChanges,
  canPublish,
  busy,
}: Pick<EditData, "status" | "unpublishedChanges" | "canPublish"> & { busy: boolean }) {
  if (!canPublish) {
    return <p className="text-ink/80">The owner publishes recipes once the draft is ready.</p>;
  }
  const publishLabel = status === "published" ? "Publish changes" : "Publish";
  return (
    <Form method="post" className="flex flex-wrap gap-3">
      {status === "draft" || unpublishedChanges ? (
        <button
          type="submit"
          name={intentField}
          value={recipeIntents.publish}
          disabled={busy}
          className="btn-primary"
        >
          {publishLabel}
        </button>
      ) : null}
      {status === "published" ? (
        <button
          type="submit"
          name={intentField}
          value={recipeIntents.unpublish}
          disabled={busy}
          className="btn-outline min-h-11"
        >
          Unpublish
        </button>
      ) : null}
    </Form>
  );
}

/** One recipe's editor: its fields, its photo, its preview and its publication. */
export function RecipeEditor({
  id,
  status,
  unpublishedChanges,
  publicPath,
  canPublish,
  content,
  photo,
  form,
  oils,
  result,
}: EditData & { result: EditResult }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <BackLink to="/admin/recipes">All recipes</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">{content.title}</h1>
        <StatusBadge>{recipeStatusLabels[status]}</StatusBadge>
        {unpublishedChanges ? <StatusBadge>Unpublished changes</StatusBadge> : null}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link
          to={`/admin/recipes/${id}/preview`}
          className="font-semibold underline underline-offset-4"
        >
          Preview the draft
        </Link>
        {publicPath ? (
          <a href={publicPath} className="font-semibold underline underline-offset-4">
            Open the public page
          </a>
        ) : null}
      </div>
      <FormAlert message={result?.message} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <RecipeForm
          values={result?.values ?? form}
          oils={oils}
          errors={result?.fieldErrors ?? {}}
          busy={busy}
        />
        <div className="space-y-6">
          <Panel id="publishing-heading" title="Publishing" className="space-y-3">
            <Publishing
              status={status}
              unpublishedChanges={unpublishedChanges}
              canPublish={canPublish}
              busy={busy}
            />
          </Panel>
          <PhotoUpload
            title="Photo"
            intent={recipeIntents.uploadPhoto}
            errors={result?.photoErrors ?? {}}
            busy={busy}
            current={photo}
            shape="aspect-[4/3]"
            none="No photo yet: the page shows an illustration."
          />
        </div>
      </div>
    </div>
  );
}
