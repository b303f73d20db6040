import { OrderStatusBadges } from "~/components/orders/OrderStatusBadges";
import type { Route } from "~/routes/+types/create-account";
import { OrderTracking } from "./OrderTracking";

/** The guest's orders, as the create-account page's loader sends them. */
type GuestOrders = NonNullable<Awaited<Route.ComponentProps["loaderData"]["guest"]>>["orders"];

/** Where each of a guest's orders stands, with its tracking link once it ships. */
export function GuestOrderStatuses({ orders }: { orders: GuestOrders }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="guest-orders-heading" className="mb-8 space-y-3">
      <h2 id="guest-orders-heading" className="text-xl">
        Where your orders are
      </h2>
      <ul className="space-y-2 text-sm">
        {orders.map((order) => (
          <li
            key={order.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-olive-200 bg-white/70 px-4 py-3"
          >
            <span className="font-semibold">{`Order ${order.id}`}</span>
            <OrderStatusBadges order={order} size="large" />
            <span className="w-full">
              <OrderTracking trackingUrl={order.trackingUrl} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
