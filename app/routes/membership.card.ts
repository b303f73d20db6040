/**
 * `/membership/card/:token`: the payment-failed e-mail's and the account's link to a new card for
 * a membership Stripe bills. Each visit opens Stripe's hosted page (Checkout in setup mode) for
 * that membership and sends the member there; its completion reaches the shop as a webhook.
 */
import { data, redirect } from "react-router";
import type { RouteHandle } from "~/components/layout/route-handle";
import { providerCardUpdateUrl } from "~server/memberships/account.server";
import { paymentServices } from "~server/payments/context.server";
import type { Route } from "./+types/membership.card";

export const handle: RouteHandle = { accessGate: "none" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const url = await providerCardUpdateUrl(paymentServices(context), params.token);
  if (!url) {
    return data(
      { error: "This link is no longer valid" },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return redirect(url, { headers: { "Cache-Control": "private, no-store" } });
}
