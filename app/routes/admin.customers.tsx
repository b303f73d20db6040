import { data, useNavigation } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { CustomersList } from "~/components/admin/CustomersList";
import { customersQuery } from "~core/admin/customers-query";
import { findCustomers } from "~server/admin/customers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.customers";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, ignored } = customersQuery.parse(new URL(request.url).searchParams);
  const list = await findCustomers(shop(context).db, query);
  return data({ query, ignored, list }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const loading = useNavigation().state === "loading";
  return <CustomersList {...loaderData} loading={loading} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Customers"
      message="The customers could not be loaded. Please try again in a moment."
    />
  );
}
