import { data } from "react-router";
import { AcademySectionEditor } from "~/components/admin/AcademyAdmin";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import {
  academyFormOf,
  academyFormValues,
  type AcademyFormRefusal as Refusal,
  readAcademyForm,
} from "~core/admin/academy-form";
import { academyIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import {
  academySectionForEditor,
  removeAcademySection,
  updateAcademySection,
} from "~server/content/academy.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.academy-section";

export const middleware: Route.MiddlewareFunction[] = [ownerGate];

const missing = () => data("There is no such section", { status: 404 });

async function sectionOf(context: Route.LoaderArgs["context"], param: string) {
  if (!/^\d{1,9}$/.test(param)) throw missing();
  const found = await academySectionForEditor(shop(context).db, Number(param));
  if (!found) throw missing();
  return found;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { article, section } = await sectionOf(context, params.sectionId);
  return data(
    {
      article,
      title: section.title,
      hasDifference: section.difference !== null,
      form: academyFormOf({
        title: section.title,
        text: section.text,
        difference: section.difference,
        studyCitation: section.study?.citation ?? null,
        studyUrl: section.study?.url ?? null,
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const { section } = await sectionOf(context, params.sectionId);
  const form = await request.formData();
  const intent = intentOf(form, academyIntents);
  if (intent === academyIntents.remove) {
    if (!(await removeAcademySection(services.db, currentStaff(context), section.id))) {
      throw missing();
    }
    return redirectWithAlert(services, "/admin/academy", [], "Section removed");
  }
  if (intent !== academyIntents.save) {
    return data<Refusal>({ values: null, fieldErrors: {}, message: unknownIntentMessage }, 400);
  }
  const values = academyFormValues(form);
  const parsed = readAcademyForm(values, section.difference !== null);
  if (!parsed.ok) {
    return data<Refusal>({ values, fieldErrors: parsed.fieldErrors, message: null }, 400);
  }
  await updateAcademySection(services.db, currentStaff(context), section.id, parsed.input);
  return redirectWithAlert(services, `/admin/academy/${section.id}`, [], "Section saved");
}

export default function AcademySectionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AcademySectionEditor {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Academy section"
      failure="The section could not be loaded. Please try again in a moment."
    />
  );
}
