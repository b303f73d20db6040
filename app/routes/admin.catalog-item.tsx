import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { CatalogItemEditor } from "~/components/admin/CatalogAdmin";
import {
  catalogFormMessages,
  itemDetailsErrors,
  itemDetailsValues,
  priceFormValues,
  readPriceForm,
} from "~core/admin/catalog-form";
import type { FieldErrors } from "~core/auth-forms";
import { fullName, type ItemId, isItemId } from "~core/catalog";
import { formatDate, shopDate } from "~core/dates";
import { catalogIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { formatMoney } from "~core/money";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import {
  catalogItemPage,
  setItemPhoto,
  setItemPrice,
  updateItemDetails,
} from "~server/catalog/manage.server";
import { storeUploadedImage } from "~server/content/images.server";
import { shop } from "~server/http/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.catalog-item";

export const middleware: Route.MiddlewareFunction[] = [ownerGate];

const noSuchItem = () => data("There is no such item", { status: 404 });
const privatePage = { "Cache-Control": "private, no-store" };

function itemIdOf(param: string): ItemId {
  if (!isItemId(param)) throw noSuchItem();
  return param;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const page = await catalogItemPage(db, itemIdOf(params.itemId));
  if (!page) throw noSuchItem();
  return data(page, { headers: privatePage });
}

/** What a refused form shows again: which form, what was typed, and why. */
interface Refused {
  form: "details" | "price" | "photo";
  values: Record<string, string | boolean>;
  fieldErrors: FieldErrors;
  message: string | null;
}

const refused = (body: Refused, status: number) => data(body, { status, headers: privatePage });

async function saveDetails(args: Route.ActionArgs, itemId: ItemId, form: FormData) {
  const services = shop(args.context);
  const values = itemDetailsValues(form);
  const fieldErrors = itemDetailsErrors(values);
  if (Object.keys(fieldErrors).length > 0) {
    return refused({ form: "details", values: { ...values }, fieldErrors, message: null }, 400);
  }
  const version = String(form.get("version") ?? "");
  const saved = await updateItemDetails(services.db, currentStaff(args.context), itemId, {
    version,
    details: values,
  });
  if (!saved) throw noSuchItem();
  if (!saved.ok) {
    const message = catalogFormMessages.changedMeanwhile;
    return refused({ form: "details", values: { ...values }, fieldErrors: {}, message }, 409);
  }
  const path = `/admin/catalog/${itemId}`;
  return redirectWithAlert(services, path, [], `${fullName(saved.item)} saved`);
}

async function setPrice(args: Route.ActionArgs, itemId: ItemId, form: FormData) {
  const services = shop(args.context);
  const values = priceFormValues(form);
  const timeZone = await readShopTimeZone(services.db, services.config);
  const parsed = readPriceForm(values, { today: shopDate(new Date(), timeZone), timeZone });
  if (!parsed.ok) {
    return refused(
      { form: "price", values: { ...values }, fieldErrors: parsed.fieldErrors, message: null },
      400,
    );
  }
  const set = await setItemPrice(services.db, currentStaff(args.context), itemId, {
    latestPriceId: Number(form.get("latestPriceId") ?? 0),
    input: parsed.input,
    publicUrl: services.config.publicUrl,
  });
  if (!set) throw noSuchItem();
  if (!set.ok) {
    const message = catalogFormMessages.changedMeanwhile;
    return refused({ form: "price", values: { ...values }, fieldErrors: {}, message }, 409);
  }
  const price = formatMoney(parsed.input.priceCents);
  const when = parsed.input.startsAt ? ` from ${formatDate(set.startsAt)}` : "";
  const told = set.membersTold > 0 ? `; ${set.membersTold} members told by e-mail` : "";
  const path = `/admin/catalog/${itemId}`;
  return redirectWithAlert(services, path, [], `${fullName(set.item)}: ${price}${when}${told}`);
}

/**
 * Stores the upload (the image store reads and checks it) and puts it on the item; a refused
 * upload comes back with its alt text and the store's message.
 */
async function uploadPhoto(args: Route.ActionArgs, itemId: ItemId, form: FormData) {
  const services = shop(args.context);
  const staff = currentStaff(args.context);
  const values = { alt: String(form.get("alt") ?? "") };
  const stored = await storeUploadedImage(services.db, staff, {
    file: form.get("photo"),
    alt: form.get("alt"),
  });
  if (!stored.ok) {
    return refused({ form: "photo", values, fieldErrors: stored.fieldErrors, message: null }, 400);
  }
  const set = await setItemPhoto(services.db, staff, itemId, {
    version: String(form.get("version") ?? ""),
    imageId: stored.imageId,
  });
  if (!set) throw noSuchItem();
  if (!set.ok) {
    const message = catalogFormMessages.changedMeanwhile;
    return refused({ form: "photo", values, fieldErrors: {}, message }, 409);
  }
  const path = `/admin/catalog/${itemId}`;
  return redirectWithAlert(services, path, [], `Photo of ${fullName(set.item)} saved`);
}

async function removePhoto(args: Route.ActionArgs, itemId: ItemId, form: FormData) {
  const services = shop(args.context);
  const set = await setItemPhoto(services.db, currentStaff(args.context), itemId, {
    version: String(form.get("version") ?? ""),
    imageId: null,
  });
  if (!set) throw noSuchItem();
  if (!set.ok) {
    const message = catalogFormMessages.changedMeanwhile;
    return refused({ form: "photo", values: {}, fieldErrors: {}, message }, 409);
  }
  const path = `/admin/catalog/${itemId}`;
  const words = `Photo of ${fullName(set.item)} removed: the shop shows its illustration`;
  return redirectWithAlert(services, path, [], words);
}

export async function action(args: Route.ActionArgs) {
  const itemId = itemIdOf(args.params.itemId);
  const form = await args.request.formData();
  const intent = intentOf(form, catalogIntents);
  if (intent === catalogIntents.saveDetails) return await saveDetails(args, itemId, form);
  if (intent === catalogIntents.setPrice) return await setPrice(args, itemId, form);
  if (intent === catalogIntents.uploadPhoto) return await uploadPhoto(args, itemId, form);
  if (intent === catalogIntents.removePhoto) return await removePhoto(args, itemId, form);
  return refused(
    { form: "details", values: {}, fieldErrors: {}, message: unknownIntentMessage },
    400,
  );
}

export default function CatalogItemPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogItemEditor {...loaderData} refused={actionData ?? null} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Catalog item"
      failure="The item could not be loaded. Please try again in a moment."
    />
  );
}
