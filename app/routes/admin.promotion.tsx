import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { PromotionEditor } from "~/components/admin/PromotionsAdmin";
import {
  itemChoices,
  promotionFormOf,
  promotionFormValues,
  readPromotionForm,
} from "~core/admin/promotion-form";
import { intentOf, promotionIntents, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { readCatalog } from "~server/catalog/catalog.server";
import { shop } from "~server/http/context.server";
import {
  findPromotion,
  influencerChoices,
  updatePromotion,
} from "~server/promotions/manage.server";
import type { Route } from "./+types/admin.promotion";

export const middleware: Route.MiddlewareFunction[] = [ownerGate];

/** The promotion's id from the address; a promotion that does not exist is 404. */
function promotionId(param: string): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param) || !Number.isSafeInteger(id)) {
    throw data("There is no such promotion", { status: 404 });
  }
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = shop(context);
  const [promotion, influencers, catalog] = await Promise.all([
    findPromotion(services.db, promotionId(params.promotionId)),
    influencerChoices(services.db),
    readCatalog(services.db),
  ]);
  if (!promotion) throw data("There is no such promotion", { status: 404 });
  return data(
    {
      id: promotion.id,
      code: promotion.code,
      influencers,
      items: itemChoices(catalog),
      form: promotionFormOf(promotion, { timeZone: services.config.shopTimeZone, catalog }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const id = promotionId(params.promotionId);
  const form = await request.formData();
  if (intentOf(form, promotionIntents) !== promotionIntents.save) {
    return data({ values: null, fieldErrors: {}, message: unknownIntentMessage }, 400);
  }
  const values = promotionFormValues(form);
  const parsed = readPromotionForm(values, {
    timeZone: services.config.shopTimeZone,
    catalog: await readCatalog(services.db),
  });
  if (!parsed.ok) return data({ values, fieldErrors: parsed.fieldErrors, message: null }, 400);
  const updated = await updatePromotion(services.db, currentStaff(context), id, parsed.input);
  if ("missing" in updated) throw data("There is no such promotion", { status: 404 });
  if (!updated.ok) return data({ values, fieldErrors: updated.fieldErrors, message: null }, 409);
  return redirectWithAlert(
    services,
    "/admin/promotions",
    [],
    `Promotion ${updated.promotion.code} saved`,
  );
}

export default function PromotionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionEditor {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Promotion"
      failure="The promotion could not be loaded. Please try again in a moment."
    />
  );
}
