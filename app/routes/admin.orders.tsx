import { data, useNavigation } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { OrdersInbox } from "~/components/admin/OrdersInbox";
import { hasDayErrors } from "~core/admin/days";
import { ordersQueryToSearch, parseOrdersQuery } from "~core/admin/orders-query";
import { processingBatchMessage } from "~core/admin/processing-batch";
import { findInboxOrders } from "~server/admin/orders-inbox.server";
import { markSelectedAsProcessing } from "~server/admin/processing-batch.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.orders";

/** A day the filters cannot use is answered 400, with the inbox as the other filters find it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const { query, ignored, dayErrors } = parseOrdersQuery(new URL(request.url).searchParams);
  const inbox = await findInboxOrders(db, query, await readShopTimeZone(db, config));
  return data(
    { query, ignored, dayErrors, inbox },
    {
      status: hasDayErrors(dayErrors) ? 400 : 200,
      headers: { "Cache-Control": "private, no-store" },
    },
  );
}

/** 'Mark as processing' on the orders chosen; back to the same filters with what was done. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = shop(context);
  const form = await request.formData();
  const batch = await markSelectedAsProcessing(
    services.db,
    services.config.publicUrl,
    currentStaff(context),
    form.getAll("order"),
  );
  if (!batch.ok) return data({ error: { message: batch.error } }, 400);
  const { query } = parseOrdersQuery(new URL(request.url).searchParams);
  const inbox = `/admin/orders${ordersQueryToSearch(query)}`;
  return redirectWithAlert(services, inbox, [], processingBatchMessage(batch));
}

export default function OrdersInboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const loading = useNavigation().state === "loading";
  return <OrdersInbox {...loaderData} loading={loading} selectionError={actionData?.error} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Orders"
      message="The orders could not be loaded. Please try again in a moment."
    />
  );
}
