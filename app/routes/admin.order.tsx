import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { OrderWork } from "~/components/admin/OrderWork";
import { orderNumberPattern } from "~core/admin/order-numbers";
import { answerOrderForm } from "~server/admin/order-page.server";
import { orderForStaff } from "~server/admin/order-work.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import { paymentServices } from "~server/payments/context.server";
import type { Route } from "./+types/admin.order";

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
  const services = paymentServices(context);
  const orderId = params.orderId.toUpperCase();
  const answer = await answerOrderForm(
    services,
    currentStaff(context),
    orderId,
    await request.formData(),
  );
  if (!answer.ok) {
    if (answer.status === 404) notFound(orderId);
    return data(answer.result, answer.status);
  }
  // A refund's confirmation, or its form again: shown on the page, which stays where it is.
  if ("next" in answer) return data(answer.next);
  return redirectWithAlert(services, `/admin/orders/${orderId}`, [], answer.alert);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderWork {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Order"
      failure="The order could not be loaded. Please try again in a moment."
    />
  );
}
