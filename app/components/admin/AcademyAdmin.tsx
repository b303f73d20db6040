import { Form, Link, useNavigation } from "react-router";
import type { Route as ListRoute } from "~/routes/+types/admin.academy";
import type { Route as EditRoute } from "~/routes/+types/admin.academy-section";
import {
  academyArticleLabels,
  academyArticles,
  academyTextLimits,
  isAcademyArticle,
} from "~core/academy";
import { academyIntents, intentField } from "~core/form-intent";
import { CountedField } from "./CountedField";
import { Field } from "./Field";
import { FormAlert } from "./FormAlert";
import { ShopTime } from "./shop-time";

type ListData = ListRoute.ComponentProps["loaderData"];
type EditData = EditRoute.ComponentProps["loaderData"];
type EditResult = EditRoute.ComponentProps["actionData"];

const formId = "academy-section";

const articleLabel = (article: string) =>
  isAcademyArticle(article) ? academyArticleLabels[article] : article;

/** The academy's articles, each with its sections in their order on the page. */
export function AcademyAdmin({ sections }: ListData) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Academy</h1>
        <p className="text-ink/80">
          The cards of the academy's articles. A change is on the page as soon as it is saved.
        </p>
      </div>
      {academyArticles.map((article) => (
        <section
          key={article}
          aria-labelledby={`article-${article}`}
          className="space-y-3 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
        >
          <h2 id={`article-${article}`} className="text-2xl">
            {academyArticleLabels[article]}{" "}
            <a
              href={`/academy/${article}`}
              className="text-base font-semibold underline underline-offset-4"
            >
              Open the page<span className="sr-only"> {academyArticleLabels[article]}</span>
            </a>
          </h2>
          <ol className="divide-y divide-olive-200">
            {sections
              .filter((section) => section.article === article)
              .map((section) => (
                <li
                  key={section.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <Link
                    to={`/admin/academy/${section.id}`}
                    className="inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline"
                  >
                    {section.title}
                  </Link>
                  <span className="text-sm text-ink/75">
                    Changed <ShopTime at={section.updatedAt} />
                  </span>
                </li>
              ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** One card of an article: its title, text, the shop's difference where it has one, its study. */
export function AcademySectionEditor({
  article,
  title,
  hasDifference,
  form,
  result,
}: EditData & { result: EditResult }) {
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? form;
  const errors = result?.fieldErrors ?? {};
  return (
    <div className="space-y-6">
      <Link to="/admin/academy" className="text-sm font-semibold underline underline-offset-4">
        All academy sections
      </Link>
      <div className="space-y-1">
        <p className="eyebrow">{articleLabel(article)}</p>
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
      </div>
      <FormAlert message={result?.message} />
      <Form
        method="post"
        noValidate
        className="max-w-3xl space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
      >
        <input type="hidden" name={intentField} value={academyIntents.save} />
        <CountedField
          form={formId}
          name="title"
          label="Title"
          limit={academyTextLimits.title}
          value={values.title}
          error={errors.title}
          multiline={false}
        />
        <CountedField
          form={formId}
          name="text"
          label="Text"
          limit={academyTextLimits.text}
          value={values.text}
          error={errors.text}
          multiline
        />
        {hasDifference ? (
          <CountedField
            form={formId}
            name="difference"
            label="How we meet it (the Difference note)"
            limit={academyTextLimits.difference}
            value={values.difference}
            error={errors.difference}
            multiline
          />
        ) : null}
        <fieldset className="space-y-3 rounded-lg border border-olive-200 p-4">
          <legend className="font-semibold">Study (optional)</legend>
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
        <button type="submit" disabled={busy} className="btn-primary">
          Save section
        </button>
      </Form>
    </div>
  );
}
