import { data } from "react-router";
import { z } from "zod";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { StockPage } from "~/components/admin/StockPage";
import { parseForm } from "~core/auth-forms";
import { shopDate } from "~core/dates";
import { intentOf, stockIntents, unknownIntentMessage } from "~core/form-intent";
import { type AdjustmentReason, isStockedBottleId } from "~core/stock";
import {
  lotAdjustmentFields,
  lotDateErrors,
  lotReceiptFields,
  thresholdFields,
} from "~core/stock-forms";
import { currentStaff } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { itemFullName } from "~server/catalog/catalog.server";
import { shop } from "~server/http/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import {
  adjustLot,
  receiveLot,
  setLowStockThreshold,
  stockOverview,
} from "~server/stock/lots.server";
import type { Route } from "./+types/admin.stock";

const stockPath = "/admin/stock";
const privatePage = { "Cache-Control": "private, no-store" };

type Context = Route.LoaderArgs["context"];

async function shopClock(context: Context) {
  const { db, config } = shop(context);
  const now = new Date();
  return { now, today: shopDate(now, await readShopTimeZone(db, config)) };
}

export async function loader({ context }: Route.LoaderArgs) {
  const clock = await shopClock(context);
  const bottles = await stockOverview(shop(context).db, clock);
  // Each showing of the receiving form gets its own key: sent twice, it receives one lot.
  return data(
    { bottles, today: clock.today, receiptKey: crypto.randomUUID() },
    { headers: privatePage },
  );
}

/** Which form a refusal belongs to, what it says, and what was typed, kept in the fields. */
interface Refusal {
  form: string;
  message?: string;
  fieldErrors?: Partial<Record<string, string>>;
  values: Record<string, string>;
}

const refused = (refusal: Refusal, status: 400 | 409) =>
  data(refusal, { status, headers: privatePage });

function typedValues(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "").trim()]));
}

async function receive(context: Context, form: FormData) {
  const values = typedValues(form, Object.keys(lotReceiptFields));
  const parsed = parseForm(lotReceiptFields, form);
  if (!parsed.ok) return refused({ form: "receive", fieldErrors: parsed.fieldErrors, values }, 400);
  const { bottleId, bottles, harvestDate, pressingDate } = parsed.values;
  const dateErrors = lotDateErrors({ harvestDate, pressingDate }, (await shopClock(context)).today);
  if (Object.keys(dateErrors).length > 0) {
    return refused({ form: "receive", fieldErrors: dateErrors, values }, 400);
  }
  const receiptKey = z.uuid().safeParse(form.get("receiptKey"));
  if (!receiptKey.success || !isStockedBottleId(bottleId)) {
    return refused(
      { form: "receive", message: "Please reload the page and try again", values },
      400,
    );
  }
  const services = shop(context);
  const lotId = await receiveLot(services.db, currentStaff(context), {
    bottleId,
    bottles: Number(bottles),
    harvestDate,
    pressingDate,
    receiptKey: receiptKey.data,
  });
  const alert = lotId
    ? `Lot received: ${bottles} bottles of ${await itemFullName(services.db, bottleId)}`
    : "This lot was already received";
  return redirectWithAlert(services, stockPath, [], alert);
}

const lotFormSchema = z.object({
  lotId: z.coerce.number().int().positive(),
  expectedOnHand: z.coerce.number().int().min(0),
});

async function adjust(context: Context, form: FormData, reason: AdjustmentReason) {
  const lot = lotFormSchema.safeParse(Object.fromEntries(form));
  if (!lot.success) throw data("This request is not valid", { status: 400 });
  const formName = `${reason}-${lot.data.lotId}`;
  const values = typedValues(form, ["bottles"]);
  const parsed = parseForm(lotAdjustmentFields, form);
  if (!parsed.ok) return refused({ form: formName, fieldErrors: parsed.fieldErrors, values }, 400);
  const services = shop(context);
  const outcome = await adjustLot(services.db, currentStaff(context), {
    ...lot.data,
    reason,
    bottles: Number(parsed.values.bottles),
  });
  if (!outcome.ok) {
    if (outcome.reason === "not-found") throw data("There is no such lot", { status: 404 });
    return refused({ form: formName, message: outcome.message, values }, 409);
  }
  return redirectWithAlert(
    services,
    stockPath,
    [],
    `Lot ${lot.data.lotId} now holds ${outcome.onHand} bottles`,
  );
}

async function setThreshold(context: Context, form: FormData) {
  const bottleId = form.get("bottleId");
  if (!isStockedBottleId(bottleId)) throw data("This request is not valid", { status: 400 });
  const formName = `threshold-${bottleId}`;
  const values = typedValues(form, ["threshold"]);
  const parsed = parseForm(thresholdFields, form);
  if (!parsed.ok) return refused({ form: formName, fieldErrors: parsed.fieldErrors, values }, 400);
  const services = shop(context);
  const threshold = Number(parsed.values.threshold);
  await setLowStockThreshold(services.db, currentStaff(context), { bottleId, threshold });
  const name = await itemFullName(services.db, bottleId);
  const alert = `The owner hears of ${name} at ${threshold} sellable bottles or fewer`;
  return redirectWithAlert(services, stockPath, [], alert);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (intentOf(form, stockIntents)) {
    case stockIntents.receive:
      return receive(context, form);
    case stockIntents.recordDamage:
      return adjust(context, form, "damaged");
    case stockIntents.correctCount:
      return adjust(context, form, "count_correction");
    case stockIntents.setThreshold:
      return setThreshold(context, form);
    default:
      return refused({ form: "receive", message: unknownIntentMessage, values: {} }, 400);
  }
}

export default function StockRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <StockPage {...loaderData} refusal={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Stock"
      message="The stock could not be loaded. Please try again in a moment."
    />
  );
}
