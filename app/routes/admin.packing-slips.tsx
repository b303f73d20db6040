import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { PackingSlips } from "~/components/admin/PackingSlips";
import { pageMeta } from "~/components/layout/page-meta";
import { useRootData } from "~/components/storefront/use-root-data";
import { readOrderNumbers } from "~core/admin/order-numbers";
import { packingSlipsFor } from "~server/admin/packing-slips.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.packing-slips";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Packing slips", noIndex: true });

const privateAnswer = { "Cache-Control": "private, no-store" };

/** `?order=A&order=B`: a slip for each order found; the numbers that name none are listed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readOrderNumbers(new URL(request.url).searchParams.getAll("order"));
  if (!read.ok) {
    return data(
      { refusal: read.error, slips: [], notFound: [] },
      { status: 400, headers: privateAnswer },
    );
  }
  const { slips, notFound } = await packingSlipsFor(shop(context).db, read.orderIds);
  return data(
    { refusal: null, slips, notFound: [...read.unreadable, ...notFound] },
    { headers: privateAnswer },
  );
}

export default function PackingSlipsPage({ loaderData }: Route.ComponentProps) {
  const { brand } = useRootData();
  return <PackingSlips {...loaderData} brand={brand} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Packing slips"
      message="The packing slips could not be loaded. Please try again in a moment."
    />
  );
}
