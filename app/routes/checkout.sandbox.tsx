/**
 * `/checkout/sandbox/:sessionId`: the sandbox provider's hosted checkout page, standing in for
 * Stripe's. Paying here records the payment and creates the order, then returns to the shop.
 */

import { data, Form, redirect } from "react-router";
import { SandboxHeader as Header } from "~/components/checkout/SandboxHeader";
import { SandboxPaymentForm } from "~/components/checkout/SandboxPaymentForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { OrderSummaryPanel } from "~/components/orders/OrderSummary";
import { intentField, intentOf, sandboxCheckoutIntents } from "~core/form-intent";
import { membershipTermsNotice } from "~core/membership-rules";
import { formatMoney } from "~core/money";
import { atListPrice } from "~core/order-summary";
import { type SandboxField, sandboxFieldNames } from "~core/sandbox-checkout";
import { cancelCheckout } from "~server/checkout/cancel.server";
import { shop } from "~server/http/context.server";
import { paymentServices } from "~server/payments/context.server";
import { openSandboxSession, paySandboxCheckout } from "~server/payments/sandbox/pay.server";
import { confirmationUrl } from "~server/payments/sessions.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/checkout.sandbox";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Checkout", description: "Pay for your order." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = shop(context);
  const opened = await openSandboxSession(services.db, params.sessionId);
  if (!opened || opened.status === "expired") {
    return data(
      { outcome: "closed" as const, cancelUrl: opened?.record.cancelUrl ?? "/" },
      { status: 404 },
    );
  }
  if (opened.status === "complete") {
    throw redirect(confirmationUrl(services.config.publicUrl, params.sessionId));
  }
  const { record } = opened;
  return {
    outcome: "open" as const,
    cancelUrl: record.cancelUrl,
    mode: record.mode,
    localPickup: record.hasLocalPickup,
    email: record.customerEmail ?? "",
    items: record.items.map(atListPrice),
    totals: {
      shippingCents: record.shippingCents,
      discountCents: record.discountCents,
      taxCents: record.taxCents,
      totalCents: record.totalCents,
    },
    promotionCode: record.promotionCode,
  };
}

/** The submitted fields; the card number and CVC are never sent back to the page. */
function formValues(form: FormData): Partial<Record<SandboxField, string>> {
  return Object.fromEntries(
    sandboxFieldNames.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
}

function withoutCard(values: Partial<Record<SandboxField, string>>) {
  const { cardNumber: _number, cvc: _cvc, ...rest } = values;
  return rest;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = shop(context);
  const form = await request.formData();
  if (intentOf(form, sandboxCheckoutIntents) === sandboxCheckoutIntents.cancel) {
    const opened = await openSandboxSession(services.db, params.sessionId);
    if (opened) await cancelCheckout(paymentServices(context), params.sessionId);
    throw redirect(opened?.record.cancelUrl ?? "/");
  }
  const values = formValues(form);
  const result = await paySandboxCheckout(
    {
      db: services.db,
      publicUrl: services.config.publicUrl,
      shopTimeZone: await readShopTimeZone(services.db, services.config),
      log: services.log,
    },
    params.sessionId,
    values,
  );
  switch (result.outcome) {
    case "paid":
      throw redirect(result.redirectTo);
    case "closed":
      throw redirect(`/checkout/sandbox/${encodeURIComponent(params.sessionId)}`);
    case "invalid":
      return data(
        { fieldErrors: result.fieldErrors, declined: null, values: withoutCard(values) },
        { status: 400 },
      );
    case "declined":
      return data(
        { fieldErrors: {}, declined: result.message, values: withoutCard(values) },
        { status: 402 },
      );
  }
}

function ClosedCheckout({ cancelUrl }: { cancelUrl: string }) {
  return (
    <section className="container-page max-w-2xl py-16">
      <Header title="This checkout is closed" />
      <p className="mt-8 text-lg">
        It has expired (checkouts stay open for 30 minutes) or it does not exist. Start a new one
        from your cart.
      </p>
      <a href={cancelUrl} className="btn-primary mt-8">
        Return to the shop
      </a>
    </section>
  );
}

export default function SandboxCheckoutPage({
  loaderData: page,
  actionData,
}: Route.ComponentProps) {
  if (page.outcome === "closed") return <ClosedCheckout cancelUrl={page.cancelUrl} />;
  const total = formatMoney(page.totals.totalCents);
  const payLabel = page.mode === "subscription" ? `Subscribe and pay ${total}` : `Pay ${total}`;
  return (
    <section className="container-page py-10 sm:py-14">
      <Header title="Secure checkout" />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-12">
        <OrderSummaryPanel
          className="bg-parchment"
          items={page.items}
          totals={page.totals}
          promotionCode={page.promotionCode}
        >
          <p className="mt-1 text-3xl font-semibold tabular-nums text-olive-950">{total}</p>
          {page.mode === "subscription" ? (
            <p className="mt-1 text-sm text-olive-700">
              Memberships renew monthly; your card is saved for the next deliveries.
            </p>
          ) : null}
        </OrderSummaryPanel>
        <div className="rounded-2xl border border-olive-200 bg-white/70 p-6 sm:p-8">
          <SandboxPaymentForm
            localPickup={page.localPickup}
            payLabel={payLabel}
            initialValues={actionData?.values ?? { email: page.email }}
            serverErrors={actionData?.fieldErrors ?? {}}
            declined={actionData?.declined ?? null}
            terms={page.mode === "subscription" ? membershipTermsNotice : null}
          />
          <Form method="post" className="mt-6 text-center">
            <input type="hidden" name={intentField} value={sandboxCheckoutIntents.cancel} />
            <button
              type="submit"
              className="min-h-11 text-sm font-medium text-olive-800 underline underline-offset-4"
            >
              Cancel and return to the shop
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
