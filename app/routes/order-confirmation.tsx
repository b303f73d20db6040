/**
 * `/order-confirmation?sessionId=…`: waits for the order of a paid checkout session, then thanks
 * the shopper with its summary. Only the browser that opened the session may see it; a reload
 * keeps showing the same one order.
 */

import { useEffect } from "react";
import { data, Link, redirect, useLocation, useRevalidator } from "react-router";
import { useOrderConfirmed } from "~/components/checkout/use-order-confirmed";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { OrderSummaryPanel } from "~/components/orders/OrderSummary";
import { LazyShareButtons } from "~/components/share/LazyShareButtons";
import { orderShareText } from "~/components/share/order-share-text";
import { accountTabHref, guestOrdersHref } from "~core/account-urls";
import { cardBrandNames } from "~core/card";
import { isMembershipId } from "~core/catalog";
import { formatBillingDate } from "~core/dates";
import { localPickupInstructions, shippingPromise } from "~core/order-summary";
import { emptyCartAfterPurchase } from "~server/cart/cart-cookie.server";
import { openedInThisBrowser } from "~server/checkout/cookies.server";
import { confirmCheckout } from "~server/orders/confirmation.server";
import { paymentServices } from "~server/payments/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/order-confirmation";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Order Confirmation", description: "Your order confirmation." }),
  { name: "robots", content: "noindex" },
];

const pollIntervalMs = 2_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = paymentServices(context);
  const sessionId = new URL(request.url).searchParams.get("sessionId");
  if (!sessionId || !openedInThisBrowser(request, services, sessionId)) throw redirect("/");
  const confirmation = await confirmCheckout(
    {
      db: services.db,
      payments: services.payments,
      publicUrl: services.config.publicUrl,
      shopTimeZone: await readShopTimeZone(services.db, services.config),
      log: services.log,
    },
    sessionId,
  );
  if (confirmation.outcome === "unknown") throw redirect("/");
  if (confirmation.outcome === "processing") return confirmation;
  const shareText = orderShareText(confirmation.orderCount, services.config.brandName);
  const emptied = emptyCartAfterPurchase(request, services.config);
  return data(
    { ...confirmation, share: { text: shareText, url: `${services.config.publicUrl}/` } },
    emptied ? { headers: { "Set-Cookie": emptied } } : undefined,
  );
}

/** What the loader sends once the order exists: the order, how to follow it, the membership, sharing. */
type Confirmed = Extract<Route.ComponentProps["loaderData"], { outcome: "confirmed" }>;

function Processing() {
  const revalidator = useRevalidator();
  const location = useLocation();
  // The thank-you that follows shows the share buttons at once.
  useEffect(() => LazyShareButtons.preload(), []);
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, pollIntervalMs);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-4xl sm:text-5xl">Your order is being finalized</h1>
      <p role="status" className="mt-6 flex items-center gap-3 text-lg text-olive-800">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-olive-200 border-t-olive-800"
        />
        Processing order...
      </p>
      <a
        href={`${location.pathname}${location.search}`}
        className="btn-outline mt-10 text-olive-900"
      >
        Check again
      </a>
    </section>
  );
}

function MembershipPanel({ membership }: { membership: NonNullable<Confirmed["membership"]> }) {
  return (
    <div className="rounded-2xl border border-olive-200 p-6">
      <h2 className="text-2xl">Your membership</h2>
      <p className="mt-2 font-medium">{membership.names.join(", ")}</p>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-olive-700">Next billing date:</dt>
          <dd>{formatBillingDate(membership.nextInvoiceDate)}</dd>
        </div>
        {membership.card ? (
          <div className="flex gap-2">
            <dt className="text-olive-700">Saved card:</dt>
            <dd>
              {cardBrandNames[membership.card.brand]} ending in {membership.card.last4}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-sm text-olive-700">Free shipping on all memberships.</p>
    </div>
  );
}

function Delivery({ order }: Pick<Confirmed, "order">) {
  return (
    <div className="rounded-2xl bg-parchment p-6">
      {order.address ? (
        <>
          <h2 className="text-2xl">Shipping to</h2>
          <address className="mt-2 not-italic leading-relaxed">
            {order.shipTo}
            <br />
            {order.address.line1}
            {order.address.line2 ? `, ${order.address.line2}` : ""}
            <br />
            {order.address.city}, {order.address.state} {order.address.postalCode}
          </address>
          <p className="mt-3 font-medium">{shippingPromise}</p>
        </>
      ) : (
        <>
          <h2 className="text-2xl">Local pickup</h2>
          <p className="mt-2 leading-relaxed">{localPickupInstructions}</p>
        </>
      )}
    </div>
  );
}

function TrackYourOrder({ tracking, email }: { tracking: Confirmed["tracking"]; email: string }) {
  if (tracking.kind === "account") {
    return (
      <Link to={accountTabHref("orders")} className="btn-primary">
        See your orders
      </Link>
    );
  }
  return (
    <div>
      <h2 className="text-2xl">Track your order</h2>
      {tracking.kind === "create-account" ? (
        <>
          <p className="mt-2 text-olive-900">
            Create an account with {email} to follow this order and the next ones.
          </p>
          <Link to={guestOrdersHref(tracking.guestId)} className="btn-primary mt-4">
            Create your account to track your orders
          </Link>
        </>
      ) : (
        <p className="mt-2 text-olive-900">
          We sent the link to create your account and track all your orders to {email}.
        </p>
      )}
    </div>
  );
}

export default function OrderConfirmationPage({ loaderData: page }: Route.ComponentProps) {
  const confirmed = page.outcome === "confirmed" ? page : null;
  useOrderConfirmed(
    confirmed && {
      id: confirmed.order.id,
      totalCents: confirmed.order.totalCents,
      memberships: confirmed.order.items
        .filter((item) => isMembershipId(item.itemId))
        .map((item) => item.name)
        .join(", "),
    },
  );
  if (!confirmed) return <Processing />;
  const { order, membership, tracking, share } = confirmed;
  return (
    <section className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-x-14">
      <div className="space-y-8">
        <div>
          <p className="eyebrow">Order {order.id}</p>
          <h1 className="mt-3 text-4xl sm:text-5xl">Thank you for your order</h1>
          <p className="mt-4 text-lg text-olive-900">
            A confirmation is on its way to <span className="font-semibold">{order.email}</span>.
          </p>
        </div>
        <Delivery order={order} />
        {membership ? <MembershipPanel membership={membership} /> : null}
      </div>
      <OrderSummaryPanel
        className="border border-olive-200 bg-white/70 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        items={order.items}
        totals={order}
        promotionCode={order.promotionCode}
      />
      <div className="space-y-8">
        <TrackYourOrder tracking={tracking} email={order.email} />
        <div className="border-t border-olive-200 pt-8">
          <h2 className="text-2xl">Share the good news</h2>
          <p className="mt-2 text-olive-900">{share.text}</p>
          <div className="mt-4">
            <LazyShareButtons url={share.url} text={share.text} />
          </div>
        </div>
      </div>
    </section>
  );
}
