import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { NewInfluencerPage } from "~/components/admin/InfluencersAdmin";
import {
  canPutInfluencerPageUp,
  emptyNewInfluencerForm,
  type NewInfluencerFieldErrors,
  type NewInfluencerFormValues,
  newInfluencerFormValues,
  readNewInfluencerForm,
} from "~core/admin/influencer-form";
import { influencerIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, refuseAsUnknown } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { storeUploadedImage } from "~server/content/images.server";
import {
  createInfluencer,
  newInfluencerConflicts,
  newInfluencerView,
} from "~server/content/influencers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.influencer-new";

export async function loader({ context }: Route.LoaderArgs) {
  return data(
    {
      ...(await newInfluencerView(shop(context).db)),
      form: emptyNewInfluencerForm,
      mayPutUp: canPutInfluencerPageUp(currentStaff(context).role),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

interface Refusal {
  values: NewInfluencerFormValues | null;
  fieldErrors: NewInfluencerFieldErrors;
  photoErrors: { file?: string; alt?: string };
  message: string | null;
}

const refusal = (fields: Partial<Refusal>) =>
  data<Refusal>({ values: null, fieldErrors: {}, photoErrors: {}, message: null, ...fields }, 400);

const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/**
 * A new page: its texts and offer are checked first, then its portrait is read and stored, and
 * the page is made with both. Staff make a draft; the owner may put it up at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = shop(context);
  const staff = currentStaff(context);
  const form = await request.formData();
  if (intentOf(form, influencerIntents) !== influencerIntents.create) {
    return refusal({ message: unknownIntentMessage });
  }
  const values = newInfluencerFormValues(form);
  if (!canPutInfluencerPageUp(staff.role)) values.active = false;
  const parsed = readNewInfluencerForm(values);
  if (!parsed.ok) return refusal({ values, fieldErrors: parsed.fieldErrors });
  const conflicts = await newInfluencerConflicts(services.db, {
    slug: parsed.slug,
    couponCode: parsed.input.couponCode,
  });
  if (hasErrors(conflicts)) return refusal({ values, fieldErrors: conflicts });
  const stored = await storeUploadedImage(services.db, staff, {
    file: form.get("photo"),
    alt: form.get("alt"),
  });
  if (!stored.ok) return refusal({ values, photoErrors: stored.fieldErrors });
  const created = await createInfluencer(services.db, staff, {
    input: parsed.input,
    slug: parsed.slug,
    portraitImageId: stored.imageId,
  });
  if ("forbidden" in created) refuseAsUnknown();
  if (!created.ok) return refusal({ values, fieldErrors: created.fieldErrors });
  return redirectWithAlert(
    services,
    `/admin/influencers/${created.id}`,
    [],
    parsed.input.active ? "Influencer page created and up" : "Influencer page created as a draft",
  );
}

export default function NewInfluencerRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <NewInfluencerPage {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="New influencer page"
      message="The new page could not be opened. Please try again in a moment."
    />
  );
}
