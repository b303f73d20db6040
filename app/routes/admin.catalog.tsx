import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { CatalogList } from "~/components/admin/CatalogAdmin";
import { ownerGate } from "~server/admin/staff-gate.server";
import { catalogOverview } from "~server/catalog/manage.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.catalog";

/** Only an owner prices the shop: to anyone else the page does not exist. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context);
  return data(
    { rows: await catalogOverview(db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  return <CatalogList {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Catalog"
      message="The catalog could not be loaded. Please try again in a moment."
    />
  );
}
