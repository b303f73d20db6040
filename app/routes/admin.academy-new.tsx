import { data } from "react-router";
import { NewAcademySection } from "~/components/admin/AcademyAdmin";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { academyArticleHasDifference, isAcademyArticle } from "~core/academy";
import {
  academyFormOf,
  academyFormValues,
  type AcademyFormRefusal as Refusal,
  readAcademyForm,
} from "~core/admin/academy-form";
import { academyIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { addAcademySection } from "~server/content/academy.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.academy-new";

/** The academy's articles are the owner's to change. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

function articleOf(param: string) {
  if (!isAcademyArticle(param)) throw data("There is no such article", { status: 404 });
  return param;
}

export async function loader({ params }: Route.LoaderArgs) {
  const article = articleOf(params.article);
  return data(
    {
      article,
      hasDifference: academyArticleHasDifference[article],
      form: academyFormOf({
        title: "",
        text: "",
        difference: null,
        studyCitation: null,
        studyUrl: null,
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A new card goes at the end of its article; the owner moves it from the list. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const article = articleOf(params.article);
  const form = await request.formData();
  if (intentOf(form, academyIntents) !== academyIntents.add) {
    return data<Refusal>({ values: null, fieldErrors: {}, message: unknownIntentMessage }, 400);
  }
  const values = academyFormValues(form);
  const parsed = readAcademyForm(values, academyArticleHasDifference[article]);
  if (!parsed.ok) {
    return data<Refusal>({ values, fieldErrors: parsed.fieldErrors, message: null }, 400);
  }
  await addAcademySection(services.db, currentStaff(context), article, parsed.input);
  return redirectWithAlert(services, "/admin/academy", [], "Section added at the end");
}

export default function NewAcademySectionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <NewAcademySection {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="New academy section"
      message="The new section could not be opened. Please try again in a moment."
    />
  );
}
