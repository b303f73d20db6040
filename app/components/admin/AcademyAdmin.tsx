import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route as ListRoute } from "~/routes/+types/admin.academy";
import type { Route as NewRoute } from "~/routes/+types/admin.academy-new";
import type { Route as EditRoute } from "~/routes/+types/admin.academy-section";
import {
  academyArticleLabels,
  academyArticles,
  academyTextLimits,
  isAcademyArticle,
} from "~core/academy";
import type { AcademyFieldErrors, AcademyFormValues } from "~core/admin/academy-form";
import { academyIntents, intentField } from "~core/form-intent";
import { BackLink } from "./BackLink";
import { CountedField } from "./CountedField";
import { Field } from "./Field";
import { FormAlert } from "./FormAlert";
import { ShopTime } from "./shop-time";

type ListData = ListRoute.ComponentProps["loaderData"];
type ListResult = ListRoute.ComponentProps["actionData"];
type NewData = NewRoute.ComponentProps["loaderData"];
type NewResult = NewRoute.ComponentProps["actionData"];
type EditData = EditRoute.ComponentProps["loaderData"];
type EditResult = EditRoute.ComponentProps["actionData"];

const formId = "academy-section";

const articleLabel = (article: string) =>
  isAcademyArticle(article) ? academyArticleLabels[article] : article;

/** A move button of a card: a form of its own, so that it works before scripts run. */
function MoveButton({
  section,
  from,
  intent,
  label,
  disabled,
}: {
  section: { id: number; title: string };
  /** The card's place on the list as shown: a second press of the same button moves nothing. */
  from: number;
  intent: typeof academyIntents.moveUp | typeof academyIntents.moveDown;
  label: string;
  disabled: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name={intentField} value={intent} />
      <input type="hidden" name="section" value={section.id} />
      <input type="hidden" name="from" value={from} />
      <button type="submit" disabled={disabled} className="btn-outline min-h-11 px-3 text-sm">
        {label}
        <span className="sr-only"> {section.title}</span>
      </button>
    </Form>
  );
}

/** The academy's articles, each with its sections in their order on the page. */
export function AcademyAdmin({ sections, result }: ListData & { result: ListResult }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Academy</h1>
        <p className="max-w-prose text-ink/80">
          The cards of the academy's articles, in their order on the page. A change is on the page
          as soon as it is saved.
        </p>
      </div>
      <FormAlert message={result?.message} />
      {academyArticles.map((article) => {
        const cards = sections.filter((section) => section.article === article);
        return (
          <section
            key={article}
            aria-labelledby={`article-${article}`}
            className="space-y-3 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id={`article-${article}`} className="text-2xl">
                {academyArticleLabels[article]}
              </h2>
              <div className="flex flex-wrap gap-3">
                <a
                  href={`/academy/${article}`}
                  className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
                >
                  Open the page<span className="sr-only"> {academyArticleLabels[article]}</span>
                </a>
                <Link to={`/admin/academy/new/${article}`} className="btn-primary min-h-11">
                  Add a section
                  <span className="sr-only"> to {academyArticleLabels[article]}</span>
                </Link>
              </div>
            </div>
            <ol className="divide-y divide-olive-200">
              {cards.map((section, index) => (
                <li
                  key={section.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2"
                >
                  <div className="min-w-0">
                    <Link
                      to={`/admin/academy/${section.id}`}
                      className="inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline"
                    >
                      {index + 1}. {section.title}
                    </Link>
                    <p className="text-sm text-ink/75">
                      Changed <ShopTime at={section.updatedAt} />
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <MoveButton
                      section={section}
                      from={index}
                      intent={academyIntents.moveUp}
                      label="Move up"
                      disabled={busy || index === 0}
                    />
                    <MoveButton
                      section={section}
                      from={index}
                      intent={academyIntents.moveDown}
                      label="Move down"
                      disabled={busy || index === cards.length - 1}
                    />
                  </div>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** A card's fields: title, text, the shop's difference where the article has one, its study. */
function SectionFields({
  hasDifference,
  values,
  errors,
}: {
  hasDifference: boolean;
  values: AcademyFormValues;
  errors: AcademyFieldErrors;
}) {
  const counted = (name: "title" | "text" | "difference", label: string, multiline: boolean) => (
    <CountedField
      form={formId}
      name={name}
      label={label}
      limit={academyTextLimits[name]}
      value={values[name]}
      error={errors[name]}
      multiline={multiline}
    />
  );
  return (
    <>
      {counted("title", "Title", false)}
      {counted("text", "Text", true)}
      {hasDifference ? counted("difference", "How we meet it (the Difference note)", true) : null}
      <fieldset className="space-y-3 rounded-lg border border-olive-200 p-4">
        <legend className="px-1 font-semibold">Study (optional)</legend>
        <Field
          name="studyCitation"
          form={formId}
          label="Citation (authors, journal, year)"
          error={errors.studyCitation}
          defaultValue={values.studyCitation}
        />
        <Field
          name="studyUrl"
          form={formId}
          label="Link to the study"
          inputMode="url"
          error={errors.studyUrl}
          defaultValue={values.studyUrl}
        />
      </fieldset>
    </>
  );
}

/** A card's page: the way back, its heading, and the form of its fields. */
function SectionPage({
  eyebrow,
  heading,
  intent,
  submitLabel,
  hasDifference,
  values,
  result,
  busy,
  children,
}: {
  eyebrow: string;
  heading: string;
  intent: typeof academyIntents.add | typeof academyIntents.save;
  submitLabel: string;
  hasDifference: boolean;
  values: AcademyFormValues;
  result: NewResult | EditResult;
  busy: boolean;
  /** What the page has below the form. */
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <BackLink to="/admin/academy">All academy sections</BackLink>
      <div className="space-y-1">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="text-3xl sm:text-4xl">{heading}</h1>
      </div>
      <FormAlert message={result?.message} />
      <Form
        method="post"
        noValidate
        className="max-w-3xl space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
      >
        <input type="hidden" name={intentField} value={intent} />
        <SectionFields
          hasDifference={hasDifference}
          values={result?.values ?? values}
          errors={result?.fieldErrors ?? {}}
        />
        <button type="submit" disabled={busy} className="btn-primary">
          {submitLabel}
        </button>
      </Form>
      {children}
    </div>
  );
}

/** A new card for an article; it goes at the end, and moves from the list. */
export function NewAcademySection({
  article,
  hasDifference,
  form,
  result,
}: NewData & { result: NewResult }) {
  return (
    <SectionPage
      eyebrow={academyArticleLabels[article]}
      heading="New section"
      intent={academyIntents.add}
      submitLabel="Add the section"
      hasDifference={hasDifference}
      values={form}
      result={result}
      busy={useNavigation().state === "submitting"}
    />
  );
}

/** One card of an article: its fields, and taking it off the page. */
export function AcademySectionEditor({
  article,
  title,
  hasDifference,
  form,
  result,
}: EditData & { result: EditResult }) {
  const busy = useNavigation().state === "submitting";
  return (
    <SectionPage
      eyebrow={articleLabel(article)}
      heading={title}
      intent={academyIntents.save}
      submitLabel="Save section"
      hasDifference={hasDifference}
      values={form}
      result={result}
      busy={busy}
    >
      <Form
        method="post"
        className="max-w-3xl space-y-3 rounded-xl border border-red-200 p-4 sm:p-5"
      >
        <input type="hidden" name={intentField} value={academyIntents.remove} />
        <h2 className="text-xl">Remove this section</h2>
        <p className="text-ink/80">
          The card leaves the page at once. The audit log keeps what it said.
        </p>
        <button type="submit" disabled={busy} className="btn-outline min-h-11">
          Remove the section
        </button>
      </Form>
    </SectionPage>
  );
}
