import { data } from "react-router";
import { BackOfficeRecordError } from "~/components/admin/BackOfficeError";
import { MembershipCancellation } from "~/components/admin/MembershipCancellation";
import { cancellationReturnPath, isSubscriptionItemId } from "~core/admin/memberships";
import { cancelOnBehalf, membershipForStaff } from "~server/admin/memberships.server";
import { currentStaff } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import { paymentServices } from "~server/payments/context.server";
import type { Route } from "./+types/admin.membership-cancel";

const privatePage = { "Cache-Control": "private, no-store" };

function notFound(membershipId: string): never {
  throw data(`There is no membership ${membershipId.slice(0, 104)}`, { status: 404 });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isSubscriptionItemId(params.membershipId)) notFound(params.membershipId);
  const membership = await membershipForStaff(shop(context).db, params.membershipId);
  if (!membership) notFound(params.membershipId);
  const back = cancellationReturnPath(new URL(request.url).searchParams.get("back"));
  return data({ membership, back }, { headers: privatePage });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isSubscriptionItemId(params.membershipId)) notFound(params.membershipId);
  const services = paymentServices(context);
  const back = cancellationReturnPath((await request.formData()).get("back"));
  const outcome = await cancelOnBehalf(services, currentStaff(context), params.membershipId);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") notFound(params.membershipId);
    return data({ error: { message: outcome.message } }, { status: 409, headers: privatePage });
  }
  const { plan, holder } = outcome.membership;
  const alert = `Membership cancelled: ${plan} of ${holder.email}`;
  return redirectWithAlert(services, back, [], alert);
}

export default function MembershipCancellationPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return <MembershipCancellation {...loaderData} error={actionData?.error} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeRecordError
      title="Cancel membership"
      failure="The membership could not be loaded. Please try again in a moment."
    />
  );
}
