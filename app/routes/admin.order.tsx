import { data, useActionData, useLoaderData } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { OrderWork } from "~/components/admin/OrderWork";
import { fulfilmentSteps, isFulfilmentStep, parseShipment } from "~/core/fulfilment";
import { orderForStaff, takeFulfilmentStep } from "~server/admin/order-work.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.order";

/** Order numbers are short and plain; anything else names no order. */
const orderNumberPattern = /^[A-Za-z0-9]{1,32}$/;

function notFound(orderId: string): never {
  throw data(`There is no order ${orderId.slice(0, 32)}`, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!orderNumberPattern.test(params.orderId)) notFound(params.orderId);
  const found = await orderForStaff(shop(context).db, params.orderId.toUpperCase());
  if (!found) notFound(params.orderId);
  return data(found, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!orderNumberPattern.test(params.orderId)) notFound(params.orderId);
  const services = shop(context);
  const form = await request.formData();
  const step = form.get("step");
  if (!isFulfilmentStep(step)) return data({ error: { message: "Please choose a step" } }, 400);
  let shipment: ReturnType<typeof parseShipment> | undefined;
  if (step === "shipped") {
    shipment = parseShipment({
      carrier: form.get("carrier"),
      trackingNumber: form.get("trackingNumber"),
      trackingUrl: form.get("trackingUrl"),
    });
    if (!shipment.ok) return data({ fieldErrors: shipment.fieldErrors }, 400);
  }
  const orderId = params.orderId.toUpperCase();
  const taken = await takeFulfilmentStep(
    services.db,
    services.config.publicUrl,
    currentStaff(context),
    orderId,
    step,
    shipment?.ok ? shipment.shipment : undefined,
  );
  if (!taken.ok) {
    if (taken.reason === "not-found") notFound(orderId);
    return data({ error: { message: taken.message } }, 409);
  }
  const alert = `Order ${orderId}: ${fulfilmentSteps[step].label.replace(/^Mark as /, "marked as ")}`;
  return redirectWithAlert(services, `/admin/orders/${orderId}`, [], alert);
}

export default function OrderPage() {
  const found = useLoaderData<typeof loader>();
  return <OrderWork {...found} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Order"
      failure="The order could not be loaded. Please try again in a moment."
    />
  );
}
