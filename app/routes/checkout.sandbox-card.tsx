/**
 * `/checkout/sandbox/card/:token`: the sandbox's hosted card-update page, in the style of its
 * checkout. The payment-failed e-mail and the account's 'Update card' lead here; a new card
 * replaces the saved one and, while the renewal has failed, pays it at once.
 */
import { data, Link } from "react-router";
import { SandboxHeader } from "~/components/checkout/SandboxHeader";
import { SandboxPaymentForm } from "~/components/checkout/SandboxPaymentForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { accountTabHref } from "~core/account-urls";
import { isMembershipId } from "~core/catalog";
import { planName } from "~core/membership-rules";
import { formatMoney } from "~core/money";
import type { SandboxField } from "~core/sandbox-checkout";
import { readCatalog } from "~server/catalog/catalog.server";
import { shop } from "~server/http/context.server";
import {
  cardUpdateMembership,
  updateMembershipCard,
} from "~server/payments/sandbox/card-update.server";
import { sandboxNow } from "~server/payments/sandbox/clock.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/checkout.sandbox-card";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Update your card",
    description: "Update your membership's card.",
  }),
  { name: "robots", content: "noindex" },
];

const privatePage = { "Cache-Control": "private, no-store" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const found = await cardUpdateMembership(db, params.token);
  if (!found) return data({ outcome: "closed" as const }, { status: 404, headers: privatePage });
  return data(
    {
      outcome: "open" as const,
      plan: isMembershipId(found.itemId)
        ? planName(await readCatalog(db), found.itemId)
        : found.itemId,
      paymentFailed: found.status === "past_due",
      amountCents: found.unitPriceCents * found.quantity,
    },
    { headers: privatePage },
  );
}

function cardValues(form: FormData): Partial<Record<SandboxField, string>> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { cardNumber: text("cardNumber"), expiry: text("expiry"), cvc: text("cvc") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const values = cardValues(await request.formData());
  const result = await updateMembershipCard(
    {
      db: services.db,
      publicUrl: services.config.publicUrl,
      shopTimeZone: await readShopTimeZone(services.db, services.config),
      log: services.log,
    },
    params.token,
    values,
    await sandboxNow(services.db),
  );
  const expiry = { expiry: values.expiry ?? "" };
  switch (result.outcome) {
    case "updated":
      return data({ done: result.message, fieldErrors: {}, declined: null, values: expiry });
    case "closed":
      return data(
        { done: null, fieldErrors: {}, declined: "This link is no longer valid.", values: expiry },
        { status: 404 },
      );
    case "invalid":
      return data(
        { done: null, fieldErrors: result.fieldErrors, declined: null, values: expiry },
        { status: 400 },
      );
    case "declined":
      return data(
        { done: null, fieldErrors: {}, declined: result.message, values: expiry },
        { status: 402 },
      );
  }
}

export default function SandboxCardPage({ loaderData: page, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <section className="container-page max-w-2xl py-16">
        <SandboxHeader title="Your card is updated" />
        <p role="status" className="mt-8 text-lg">
          {actionData.done}
        </p>
        <Link to={accountTabHref("memberships")} className="btn-primary mt-8">
          See your memberships
        </Link>
      </section>
    );
  }
  if (page.outcome === "closed") {
    return (
      <section className="container-page max-w-2xl py-16">
        <SandboxHeader title="This link is no longer valid" />
        <p className="mt-8 text-lg">
          The membership it was sent for has ended. Your account shows your memberships.
        </p>
        <Link to={accountTabHref("memberships")} className="btn-primary mt-8">
          Your memberships
        </Link>
      </section>
    );
  }
  return (
    <section className="container-page max-w-2xl py-10 sm:py-14">
      <SandboxHeader title="Update your card" />
      <p className="mt-6 text-lg">
        {page.paymentFailed
          ? `Your ${page.plan} renewal of ${formatMoney(page.amountCents)} failed. Your new card pays it now and ships this month's bottles.`
          : `Your ${page.plan} membership's renewals are charged to this card from now on.`}
      </p>
      <div className="mt-8 rounded-2xl border border-olive-200 bg-white/70 p-6 sm:p-8">
        <SandboxPaymentForm
          cardOnly
          localPickup
          payLabel={
            page.paymentFailed
              ? `Update card and pay ${formatMoney(page.amountCents)}`
              : "Update card"
          }
          initialValues={actionData?.values ?? {}}
          serverErrors={actionData?.fieldErrors ?? {}}
          declined={actionData?.declined ?? null}
        />
      </div>
    </section>
  );
}
