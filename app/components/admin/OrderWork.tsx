import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { OrderStatusBadges } from "~/components/orders/OrderStatusBadges";
import type { Route } from "~/routes/+types/admin.order";
import type { OrderWorkResult } from "~core/admin/order-page";
import { intentField, orderPageIntents } from "~core/form-intent";
import {
  type Carrier,
  carriers,
  type FulfilmentStep,
  fulfilmentSteps,
  nextSteps,
} from "~core/fulfilment";
import { formatMoney } from "~core/money";
import { statusesInWords } from "~core/order-status";
import { orderSummaryLines } from "~core/order-summary";
import { Card, Fact } from "./Card";
import { Field, fieldClass } from "./Field";
import { OrderRefund } from "./OrderRefund";
import { OrderReturn } from "./OrderReturn";
import { OrderTimeline } from "./OrderTimeline";
import { ShopTime } from "./shop-time";

/** What the order page's loader sends: the order, its lines, timeline, refunds and return. */
type LoaderData = Route.ComponentProps["loaderData"];
type StaffOrder = LoaderData["order"];

function Lines({ order, items }: { order: StaffOrder; items: LoaderData["items"] }) {
  return (
    <Card title="Items">
      <ul className="divide-y divide-olive-200">
        {items.map((line) => (
          <li key={line.id} className="flex justify-between gap-4 py-2">
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>{formatMoney(line.listTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-olive-200 pt-2">
        {orderSummaryLines(order).map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className={line.label === "Total" ? "font-semibold" : undefined}>{line.label}</dt>
            <dd className={line.label === "Total" ? "font-semibold" : undefined}>{line.amount}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Customer({ order }: { order: StaffOrder }) {
  const { address } = order;
  return (
    <Card title="Customer and delivery">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Customer">
          {order.firstName} {order.lastName}
          <br />
          <a href={`mailto:${order.email}`} className="underline underline-offset-4">
            {order.email}
          </a>
          <br />
          {order.hasAccount ? "Has an account" : "Guest"}
        </Fact>
        <Fact label="Delivery">
          {order.hasLocalPickup ? (
            "Local pickup in Mountain View"
          ) : address ? (
            <>
              {order.shipTo ?? `${order.firstName} ${order.lastName}`}
              <br />
              {address.line1}
              {address.line2 ? <>, {address.line2}</> : null}
              <br />
              {address.city}, {address.state} {address.postalCode}
            </>
          ) : (
            "No address was given"
          )}
        </Fact>
        {order.trackingUrl ? (
          <Fact label="Tracking">
            <a href={order.trackingUrl} className="underline underline-offset-4" rel="noreferrer">
              {[order.carrier, order.trackingNumber].filter(Boolean).join(" ") ||
                "The carrier's tracking page"}
            </a>
          </Fact>
        ) : null}
        <Fact label="Payment reference">
          <span className="font-mono text-xs">{order.checkoutSessionId}</span>
        </Fact>
        <Fact label="Promotion">{order.promotionCode ?? "None"}</Fact>
        <Fact label="Affiliate">{order.affiliate ?? "None"}</Fact>
      </dl>
    </Card>
  );
}

function ShipForm({ result, busy }: { result: OrderWorkResult | undefined; busy: boolean }) {
  const [carrier, setCarrier] = useState<Carrier>("USPS");
  const errors = result?.intent === orderPageIntents.step ? (result.fieldErrors ?? {}) : {};
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-olive-200 p-3">
      <input type="hidden" name={intentField} value={orderPageIntents.step} />
      <input type="hidden" name="step" value="shipped" />
      <label className="flex flex-col gap-1 font-semibold">
        Carrier
        <select
          name="carrier"
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as Carrier)}
          className={fieldClass}
        >
          {carriers.map((each) => (
            <option key={each}>{each}</option>
          ))}
        </select>
      </label>
      <Field
        form="ship"
        name="trackingNumber"
        label="Tracking number"
        required
        error={errors.trackingNumber}
      />
      <Field
        form="ship"
        name="trackingUrl"
        label={`Tracking address ${carrier === "Other" ? "" : "(only for Other)"}`}
        type="url"
        placeholder="https://"
        disabled={carrier !== "Other"}
        error={errors.trackingUrl}
      />
      <button type="submit" disabled={busy} className="btn-primary w-full">
        {fulfilmentSteps.shipped.label}
      </button>
    </Form>
  );
}

function StepButton({ step, busy }: { step: FulfilmentStep; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name={intentField} value={orderPageIntents.step} />
      <input type="hidden" name="step" value={step} />
      <button type="submit" disabled={busy} className="btn-primary w-full">
        {fulfilmentSteps[step].label}
      </button>
    </Form>
  );
}

function Fulfilment({ order, result }: { order: StaffOrder; result: OrderWorkResult | undefined }) {
  const steps = nextSteps(order);
  const busy = useNavigation().state === "submitting";
  return (
    <Card title="Fulfilment">
      <ServerErrorAlert
        error={result?.intent === orderPageIntents.step ? result.error : undefined}
      />
      {steps.length === 0 ? (
        <p>Nothing left to do for an order that is {statusesInWords(order)}.</p>
      ) : (
        <div className="space-y-3">
          {steps.map((step) =>
            step === "shipped" ? (
              <ShipForm key={step} result={result} busy={busy} />
            ) : (
              <StepButton key={step} step={step} busy={busy} />
            ),
          )}
        </div>
      )}
    </Card>
  );
}

function OrderHeading({ order }: { order: StaffOrder }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/admin/orders"
          className="text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          All orders
        </Link>
        <Link
          to={`/admin/packing-slips?order=${order.id}`}
          className="text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          Packing slip
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">Order {order.id}</h1>
        <OrderStatusBadges order={order} size="large" />
      </div>
      <p className="text-sm text-ink/80">
        {order.kind === "renewal" ? "Membership renewal" : "Purchase"} placed on{" "}
        <ShopTime at={order.createdAt} />
        {order.refundedCents > 0 ? ` · ${formatMoney(order.refundedCents)} refunded` : ""}
      </p>
    </>
  );
}

/**
 * One order as staff work it: what was bought, by whom and where it goes first (a phone shows it
 * before anything else), then the next steps and the timeline, beside it on a desktop.
 */
export function OrderWork({
  order,
  items,
  timeline,
  refundableCents,
  latestReturn,
  result,
}: LoaderData & { result: OrderWorkResult | undefined }) {
  const openReturn = latestReturn && latestReturn.status !== "declined" ? latestReturn : null;
  return (
    <div className="space-y-5">
      <OrderHeading order={order} />
      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-5">
          <Lines order={order} items={items} />
          <Customer order={order} />
        </div>
        <div className="space-y-5">
          {openReturn ? <OrderReturn latestReturn={openReturn} result={result} /> : null}
          <Fulfilment order={order} result={result} />
          <OrderRefund order={order} refundableCents={refundableCents} result={result} />
          <OrderTimeline timeline={timeline} result={result} />
        </div>
      </div>
    </div>
  );
}
