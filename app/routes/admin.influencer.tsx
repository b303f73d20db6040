import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { InfluencerEditor } from "~/components/admin/InfluencersAdmin";
import {
  canEditInfluencerPage,
  canPutInfluencerPageUp,
  type InfluencerFieldErrors,
  type InfluencerFormValues,
  influencerFormMessages,
  influencerFormOf,
  influencerFormValues,
  readInfluencerForm,
} from "~core/admin/influencer-form";
import { influencerIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, refuseAsUnknown } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { storeUploadedImage } from "~server/content/images.server";
import {
  type InfluencerChange,
  influencerEditorView,
  updateInfluencer,
} from "~server/content/influencers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.influencer";

const missing = () => data("There is no such influencer", { status: 404 });

/**
 * The page the request names, when the member of staff may change it: staff prepare a page until
 * it is first put up, then it is the owner's alone.
 */
async function editablePage(context: Route.LoaderArgs["context"], param: string) {
  if (!/^\d{1,9}$/.test(param)) throw missing();
  const view = await influencerEditorView(shop(context).db, Number(param));
  if (!view) throw missing();
  if (!canEditInfluencerPage(currentStaff(context).role, view)) refuseAsUnknown();
  return view;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await editablePage(context, params.influencerId);
  return data(
    {
      ...view,
      form: influencerFormOf(view.input),
      mayPutUp: canPutInfluencerPageUp(currentStaff(context).role),
    },
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

/** What a change refused answers: an unknown page, or a page this member of staff may not change. */
function refusedChange(change: Exclude<InfluencerChange, "saved">): never {
  if (change === "missing") throw missing();
  return refuseAsUnknown();
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const staff = currentStaff(context);
  const { id, input } = await editablePage(context, params.influencerId);
  const here = `/admin/influencers/${id}`;
  const form = await request.formData();
  const intent = intentOf(form, influencerIntents);
  if (intent === influencerIntents.save) {
    const values = influencerFormValues(form);
    // Staff see no switch: the page stays as it is until the owner puts it up.
    if (!canPutInfluencerPageUp(staff.role)) values.active = input.active;
    const parsed = readInfluencerForm(values);
    if (!parsed.ok) return refusal({ values, fieldErrors: parsed.fieldErrors });
    const change = await updateInfluencer(services.db, staff, id, parsed.input);
    if (change === "offer-taken") {
      return refusal({ values, fieldErrors: { couponCode: influencerFormMessages.couponCode } });
    }
    if (change !== "saved") refusedChange(change);
    return redirectWithAlert(services, here, [], "Influencer page saved");
  }
  if (intent === influencerIntents.uploadPortrait) {
    const stored = await storeUploadedImage(services.db, staff, {
      file: form.get("photo"),
      alt: form.get("alt"),
    });
    if (!stored.ok) return refusal({ photoErrors: stored.fieldErrors });
    const change = await updateInfluencer(services.db, staff, id, {
      portraitImageId: stored.imageId,
    });
    if (change !== "saved") refusedChange(change);
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
