import { data, useLoaderData, useNavigation } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { OrdersInbox } from "~/components/admin/OrdersInbox";
import { parseOrdersQuery } from "~/core/admin/orders-query";
import { findInboxOrders } from "~server/admin/orders-inbox.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, ignored } = parseOrdersQuery(new URL(request.url).searchParams);
  const inbox = await findInboxOrders(shop(context).db, query);
  return data({ query, ignored, inbox }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OrdersInboxPage() {
  const { query, ignored, inbox } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  return <OrdersInbox query={query} ignored={ignored} inbox={inbox} loading={loading} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Orders"
      message="The orders could not be loaded. Please try again in a moment."
    />
  );
}
