import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { CustomerDetails } from "~/components/admin/CustomerDetails";
import { customerForStaff } from "~server/admin/customers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.customer";

function notFound(customerId: string): never {
  throw data(`There is no customer ${customerId.slice(0, 64)}`, { status: 404 });
}

/** An account's page, or a guest's (`guest.` and the guest's id); anything else is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await customerForStaff(shop(context).db, params.customerId);
  if (!found) notFound(params.customerId);
  return data(found, { headers: { "Cache-Control": "private, no-store" } });
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  return <CustomerDetails {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Customer"
      failure="The customer could not be loaded. Please try again in a moment."
    />
  );
}
