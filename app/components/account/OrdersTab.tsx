import { OrderStatusBadges } from "~/components/orders/OrderStatusBadges";
import { OrderSummary } from "~/components/orders/OrderSummary";
import { formatDate } from "~core/dates";
import type { AccountActionResult } from "./action-result";
import { BuyAgainForm } from "./BuyAgainForm";
import { EmptyState } from "./EmptyState";
import { OrderReturnRequest } from "./OrderReturnRequest";
import { OrderTracking } from "./OrderTracking";
import { LoadedTab, type LoadedValue, type TabContent } from "./TabData";

type SentOrders = TabContent<"orders">["orders"];
type AccountOrderView = LoadedValue<SentOrders>[number];

function Delivery({ order }: { order: AccountOrderView }) {
  return (
    <dl className="space-y-4 text-sm">
      <div>
        <dt className="font-semibold text-olive-950">Delivery</dt>
        <dd className="mt-1 text-ink/85">
          {order.address
            ? `Shipping to ${order.shipTo ?? ""}, ${order.address.city}, ${order.address.state}`
            : "Local pickup in Mountain View"}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-olive-950">Tracking</dt>
        <dd className="mt-1">
          <OrderTracking trackingUrl={order.trackingUrl} />
        </dd>
      </div>
    </dl>
  );
}

function OrderCard({
  order,
  pageResult,
}: {
  order: AccountOrderView;
  pageResult: AccountActionResult | undefined;
}) {
  const headingId = `order-${order.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-xl border border-olive-200 bg-white/70 p-5 sm:p-6"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 id={headingId} className="text-2xl">
              Order {order.id}
            </h3>
            <p className="mt-1 text-sm text-ink/80">
              Placed on {formatDate(order.placedAt)}
              {order.renewal ? " · Monthly membership order" : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <OrderStatusBadges order={order} size="large" />
            {order.buyAgainLines ? (
              <BuyAgainForm orderId={order.id} lines={order.buyAgainLines} />
            ) : null}
          </div>
        </header>
        <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,1fr)_14rem]">
          <OrderSummary items={order.items} totals={order} promotionCode={order.promotionCode} />
          <Delivery order={order} />
        </div>
        <OrderReturnRequest
          orderId={order.id}
          latestReturn={order.latestReturn}
          returnable={order.returnable}
          pageResult={pageResult}
        />
      </article>
    </li>
  );
}

/** The order history, newest first: items, totals, both statuses, tracking. */
export function OrdersTab({
  orders,
  pageResult,
}: {
  orders: SentOrders;
  /** The answer to a return request posted before JavaScript loaded. */
  pageResult: AccountActionResult | undefined;
}) {
  return (
    <LoadedTab
      id="orders-heading"
      title="Orders"
      intro="Everything you ordered, newest first, with its tracking once it ships."
      resolve={orders}
      errorText="There was an error loading your orders"
    >
      {(placed) =>
        placed.length === 0 ? (
          <EmptyState link={{ to: "/our-olive-oils", label: "Explore our olive oils" }}>
            You haven't placed an order yet.
          </EmptyState>
        ) : (
          <ul className="mt-6 space-y-6">
            {placed.map((order) => (
              <OrderCard key={order.id} order={order} pageResult={pageResult} />
            ))}
          </ul>
        )
      }
    </LoadedTab>
  );
}
