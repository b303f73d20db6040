import { data, useNavigation } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { MembershipsList } from "~/components/admin/MembershipsList";
import { membershipsQuery } from "~core/admin/memberships-query";
import { canManageStaff } from "~core/staff";
import { findMemberships, membershipFigures } from "~server/admin/memberships.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import { paymentServices } from "~server/payments/context.server";
import type { Route } from "./+types/admin.memberships";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, ignored } = membershipsQuery.parse(new URL(request.url).searchParams);
  const { db } = shop(context);
  const [list, figures] = await Promise.all([findMemberships(db, query), membershipFigures(db)]);
  const clock =
    paymentServices(context).payments.name === "sandbox" &&
    canManageStaff(currentStaff(context).role);
  return data(
    { query, ignored, list, figures, clock },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function MembershipsPage({ loaderData }: Route.ComponentProps) {
  const loading = useNavigation().state === "loading";
  return <MembershipsList {...loaderData} loading={loading} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Memberships"
      message="The memberships could not be loaded. Please try again in a moment."
    />
  );
}
