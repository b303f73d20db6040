import { Link } from "react-router";
import { OrderStatusBadges } from "~/components/orders/OrderStatusBadges";
import type { Route } from "~/routes/+types/admin.customer";
import { customerHref, customerKindLabels, customerName } from "~core/admin/customers";
import { formatMoney, formatMonthlyPrice } from "~core/money";
import { Card, Fact } from "./Card";
import { StatusBadge } from "./ListParts";
import { CancelMembershipLink, MembershipStatusBadge, NextBilling } from "./MembershipParts";
import { ShopTime } from "./shop-time";

/** What the customer page's loader sends: the customer, where they were last shipped to, their orders and memberships. */
type LoaderData = Route.ComponentProps["loaderData"];

function Details({ customer, lastAddress }: Pick<LoaderData, "customer" | "lastAddress">) {
  return (
    <Card title="Details">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Fact label="E-mail">
          <a href={`mailto:${customer.email}`} className="underline underline-offset-4">
            {customer.email}
          </a>
        </Fact>
        {customer.kind === "guest" ? (
          <Fact label="Guest">
            Paid without an account. These orders join the account of this e-mail once it is
            verified.
          </Fact>
        ) : null}
        <Fact label="Verified e-mail">{customer.emailVerified ? "Yes" : "No"}</Fact>
        <Fact label={customer.kind === "guest" ? "First paid" : "Joined"}>
          <ShopTime at={customer.joinedAt} />
        </Fact>
        <Fact label="Lifetime spend">
          {formatMoney(customer.lifetimeSpendCents)} over {customer.orderCount}{" "}
          {customer.orderCount === 1 ? "order" : "orders"}
        </Fact>
        <Fact label="Last shipped to">
          {lastAddress ? (
            <>
              {lastAddress.shipTo ?? customerName(customer)}
              <br />
              {lastAddress.address.line1}
              {lastAddress.address.line2 ? <>, {lastAddress.address.line2}</> : null}
              <br />
              {lastAddress.address.city}, {lastAddress.address.state}{" "}
              {lastAddress.address.postalCode}
            </>
          ) : (
            "Nothing shipped yet"
          )}
        </Fact>
      </dl>
    </Card>
  );
}

function Memberships({ customer, memberships }: Pick<LoaderData, "customer" | "memberships">) {
  return (
    <Card title="Memberships">
      {memberships.length === 0 ? (
        <p>No memberships.</p>
      ) : (
        <ul className="divide-y divide-olive-200">
          {memberships.map((membership) => (
            <li key={membership.subscriptionItemId} className="space-y-2 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg">
                  {membership.plan}
                  {membership.quantity > 1 ? ` × ${membership.quantity}` : ""}
                </h3>
                <MembershipStatusBadge status={membership.status} />
              </div>
              <dl className="grid grid-cols-2 gap-2">
                <Fact label="Monthly price">
                  {formatMonthlyPrice(membership.unitPriceCents, membership.quantity)}
                </Fact>
                <Fact label="Next billing date">
                  <NextBilling membership={membership} />
                </Fact>
              </dl>
              <CancelMembershipLink
                membership={membership}
                holder={customer.email}
                back={customerHref(customer.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Orders({ orders }: Pick<LoaderData, "orders">) {
  return (
    <Card title="Orders">
      {orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ul className="divide-y divide-olive-200">
          {orders.map((order) => (
            <li
              key={order.id}
              className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-2"
            >
              <Link
                to={`/admin/orders/${order.id}`}
                className="inline-flex min-h-11 items-center font-mono font-semibold text-olive-900 underline underline-offset-4"
              >
                {order.id}
              </Link>
              <span className="text-right font-semibold">{formatMoney(order.totalCents)}</span>
              <span className="text-ink/80">
                <ShopTime at={order.createdAt} />
                {order.kind === "renewal" ? " · Renewal" : ""}
                {order.refundedCents > 0 ? ` · ${formatMoney(order.refundedCents)} refunded` : ""}
              </span>
              <span className="text-right">
                <OrderStatusBadges order={order} className="justify-end" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** One customer as the back office sees them: the account, their orders and memberships. */
export function CustomerDetails({ customer, lastAddress, orders, memberships }: LoaderData) {
  return (
    <div className="space-y-5">
      <Link
        to="/admin/customers"
        className="text-sm font-semibold text-olive-900 underline underline-offset-4"
      >
        All customers
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl break-words sm:text-4xl">{customerName(customer)}</h1>
        <StatusBadge>{customerKindLabels[customer.kind]}</StatusBadge>
      </div>
      <div className="grid gap-5 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-5">
          <Details customer={customer} lastAddress={lastAddress} />
          <Memberships customer={customer} memberships={memberships} />
        </div>
        <div className="lg:self-start">
          <Orders orders={orders} />
        </div>
      </div>
    </div>
  );
}
