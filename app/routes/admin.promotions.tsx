import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { PromotionsAdmin } from "~/components/admin/PromotionsAdmin";
import {
  emptyPromotionForm,
  itemChoices,
  promotionFormValues,
  readPromotionForm,
} from "~core/admin/promotion-form";
import { intentOf, promotionIntents, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { readCatalog } from "~server/catalog/catalog.server";
import { shop } from "~server/http/context.server";
import {
  createPromotion,
  influencerChoices,
  promotionListView,
  setPromotionActive,
} from "~server/promotions/manage.server";
import type { Route } from "./+types/admin.promotions";

/** Only an owner runs promotions: to anyone else the page and its forms do not exist. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

const promotionsPage = "/admin/promotions";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const [promotions, influencers, catalog] = await Promise.all([
    promotionListView(db),
    influencerChoices(db),
    readCatalog(db),
  ]);
  return data(
    { promotions, influencers, items: itemChoices(catalog), form: emptyPromotionForm(catalog) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

async function create(context: Route.ActionArgs["context"], form: FormData) {
  const services = shop(context);
  const values = promotionFormValues(form);
  const parsed = readPromotionForm(values, {
    timeZone: services.config.shopTimeZone,
    catalog: await readCatalog(services.db),
  });
  if (!parsed.ok) return data({ values, fieldErrors: parsed.fieldErrors, message: null }, 400);
  const created = await createPromotion(services.db, currentStaff(context), parsed.input);
  if (!created.ok) {
    const fieldErrors = "fieldErrors" in created ? created.fieldErrors : {};
    return data({ values, fieldErrors, message: null }, 409);
  }
  return redirectWithAlert(
    services,
    promotionsPage,
    [],
    `Promotion ${created.promotion.code} created`,
  );
}

async function pauseOrResume(
  context: Route.ActionArgs["context"],
  form: FormData,
  active: boolean,
) {
  const services = shop(context);
  const id = Number(form.get("promotionId"));
  const changed = Number.isSafeInteger(id)
    ? await setPromotionActive(services.db, currentStaff(context), id, active)
    : null;
  if (!changed) {
    return data({ values: null, fieldErrors: {}, message: "Please choose a promotion" }, 404);
  }
  const done = active ? "resumed" : "paused";
  return redirectWithAlert(services, promotionsPage, [], `Promotion ${changed.code} ${done}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (intentOf(form, promotionIntents)) {
    case promotionIntents.create:
      return create(context, form);
    case promotionIntents.pause:
      return pauseOrResume(context, form, false);
    case promotionIntents.resume:
      return pauseOrResume(context, form, true);
    default:
      return data({ values: null, fieldErrors: {}, message: unknownIntentMessage }, 400);
  }
}

export default function PromotionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionsAdmin {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Promotions"
      message="The promotions could not be loaded. Please try again in a moment."
    />
  );
}
