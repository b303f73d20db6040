/**
 * `/membership/card/:token`: where the payment-failed e-mail's link and the account's 'Update
 * card' lead, whichever provider bills the membership. Showing the page changes nothing (a mail
 * client's link preview opens it too); its button opens the provider's hosted page for a new
 * card (Stripe's Checkout in setup mode, or the sandbox's page), whose completion the shop hears
 * from the provider.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { accountTabHref } from "~core/account-urls";
import { formatMoney } from "~core/money";
import { answerHeaders } from "~core/route-headers";
import { cardUpdatePage, openProviderCardUpdate } from "~server/memberships/account.server";
import { paymentServices } from "~server/payments/context.server";
import type { Route } from "./+types/membership.card";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Update your card", noIndex: true });

export const headers = answerHeaders;

/** The token is in the address: keep the page out of caches and out of Referer headers. */
const privatePage = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const membership = await cardUpdatePage(paymentServices(context), params.token);
  return data({ membership }, { status: membership ? 200 : 404, headers: privatePage });
}

export async function action({ params, context }: Route.ActionArgs) {
  const opening = await openProviderCardUpdate(paymentServices(context), params.token);
  switch (opening.outcome) {
    case "opened":
      return redirect(opening.url, { headers: privatePage });
    case "closed":
      return data({ error: null }, { status: 404, headers: privatePage });
    case "failed":
      return data(
        {
          error: {
            code: "PROVIDER_ERROR",
            message:
              "We could not open the page for your new card just now. Nothing was changed. Please try again.",
          },
        },
        { status: 502, headers: privatePage },
      );
  }
}

function NoLongerValid() {
  return (
    <section className="container-page max-w-2xl py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">This link is no longer valid</h1>
      <p className="mt-6 text-lg">
        The membership it was sent for has ended, or the link is not complete. Your account shows
        your memberships.
      </p>
      <Link to={accountTabHref("memberships")} className="btn-primary mt-8">
        Your memberships
      </Link>
    </section>
  );
}

export default function MembershipCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { membership } = loaderData;
  if (!membership || (actionData && actionData.error === null)) return <NoLongerValid />;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section className="container-page max-w-2xl py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">Update your card</h1>
      <p className="mt-4 text-lg font-semibold text-olive-900">Your {membership.plan} membership</p>
      <div className="mt-6 space-y-3 text-base">
        <p>
          {membership.paymentFailed
            ? `Your last renewal of ${formatMoney(membership.amountCents)} failed. A new card pays it at once, and this month's bottles ship.`
            : `Your renewals of ${formatMoney(membership.amountCents)} a month are charged to the card you give next.`}
        </p>
        <p>
          You enter the card on our payment provider's secure page, then come back to your
          memberships. Until you do, nothing changes.
        </p>
      </div>
      <div className="mt-6">
        <ServerErrorAlert error={actionData?.error} />
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Form method="post">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Opening..." : "Update card"}
          </button>
        </Form>
        <Link to={accountTabHref("memberships")} className="btn-outline text-olive-900">
          Back to your memberships
        </Link>
      </div>
    </section>
  );
}
