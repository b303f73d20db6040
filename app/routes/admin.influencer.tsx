import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { InfluencerEditor } from "~/components/admin/InfluencersAdmin";
import {
  type InfluencerFieldErrors,
  type InfluencerFormValues,
  influencerFormOf,
  influencerFormValues,
  readInfluencerForm,
} from "~core/admin/influencer-form";
import { influencerIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { storeUploadedImage } from "~server/content/images.server";
import { influencerEditorView, updateInfluencer } from "~server/content/influencers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.influencer";

export const middleware: Route.MiddlewareFunction[] = [ownerGate];

const missing = () => data("There is no such influencer", { status: 404 });

function influencerId(param: string): number {
  if (!/^\d{1,9}$/.test(param)) throw missing();
  return Number(param);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await influencerEditorView(shop(context).db, influencerId(params.influencerId));
  if (!view) throw missing();
  return data(
    { ...view, form: influencerFormOf(view.input) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

interface Refusal {
  values: InfluencerFormValues | null;
  fieldErrors: InfluencerFieldErrors;
  photoErrors: { file?: string; alt?: string };
  message: string | null;
}

const refusal = (fields: Partial<Refusal>) =>
  data<Refusal>({ values: null, fieldErrors: {}, photoErrors: {}, message: null, ...fields }, 400);

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const staff = currentStaff(context);
  const id = influencerId(params.influencerId);
  const here = `/admin/influencers/${id}`;
  const form = await request.formData();
  const intent = intentOf(form, influencerIntents);
  if (intent === influencerIntents.save) {
    const values = influencerFormValues(form);
    const parsed = readInfluencerForm(values);
    if (!parsed.ok) return refusal({ values, fieldErrors: parsed.fieldErrors });
    if (!(await updateInfluencer(services.db, staff, id, parsed.input))) throw missing();
    return redirectWithAlert(services, here, [], "Influencer page saved");
  }
  if (intent === influencerIntents.uploadPortrait) {
    const stored = await storeUploadedImage(services.db, staff, {
      file: form.get("photo"),
      alt: form.get("alt"),
    });
    if (!stored.ok) return refusal({ photoErrors: stored.fieldErrors });
    if (!(await updateInfluencer(services.db, staff, id, { portraitImageId: stored.imageId }))) {
      throw missing();
    }
    return redirectWithAlert(services, here, [], "Portrait changed");
  }
  return refusal({ message: unknownIntentMessage });
}

export default function InfluencerEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InfluencerEditor {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Influencer page"
      failure="The influencer page could not be loaded. Please try again in a moment."
    />
  );
}
