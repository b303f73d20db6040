import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { formatDate } from "~/core/dates";
import {
  type Carrier,
  carriers,
  type FulfilmentStep,
  fulfilmentSteps,
  nextSteps,
} from "~/core/fulfilment";
import { formatMoney } from "~/core/money";
import { type OrderStatus, orderStatusLabels } from "~/core/order-status";
import { atListPrice, orderSummaryLines } from "~/core/order-summary";
import type { ServerError } from "~/core/result";
import { Card, Fact } from "./Card";

interface StaffOrder {
  id: string;
  kind: "purchase" | "renewal";
  status: OrderStatus;
  firstName: string;
  lastName: string;
  email: string;
  userId: string | null;
  hasLocalPickup: boolean;
  shipTo: string | null;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postalCode: string;
  } | null;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  promotion: { codeName: string } | null;
  affiliate: string | null;
  checkoutSessionId: string;
  carrier: Carrier | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: Date;
}

interface StaffOrderLine {
  id: number;
  itemName: string;
  quantity: number;
  listPriceCents: number;
}

export interface OrderWorkResult {
  error?: ServerError;
  fieldErrors?: Partial<Record<"carrier" | "trackingNumber" | "trackingUrl", string>>;
}

const fieldClass =
  "min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3 py-2 text-base text-ink focus:border-olive-800 focus:ring-2 focus:ring-gold-500/40 focus:outline-none aria-invalid:border-red-700";

function Lines({ order, items }: { order: StaffOrder; items: StaffOrderLine[] }) {
  return (
    <Card title="Items">
      <ul className="divide-y divide-olive-200">
        {items.map((item) => {
          const line = atListPrice({ ...item, name: item.itemName });
          return (
            <li key={item.id} className="flex justify-between gap-4 py-2">
              <span>
                {line.quantity} × {line.name}
              </span>
              <span>{formatMoney(line.listTotalCents)}</span>
            </li>
          );
        })}
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
          {order.userId ? "Has an account" : "Guest"}
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
        <Fact label="Promotion">{order.promotion?.codeName ?? "None"}</Fact>
        <Fact label="Affiliate">{order.affiliate ?? "None"}</Fact>
      </dl>
    </Card>
  );
}

function ShipForm({ result, busy }: { result: OrderWorkResult | undefined; busy: boolean }) {
  const [carrier, setCarrier] = useState<Carrier>("USPS");
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-olive-200 p-3">
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
      <label className="flex flex-col gap-1 font-semibold">
        Tracking number
        <input
          name="trackingNumber"
          required
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby="tracking-number-error"
          className={fieldClass}
        />
        <span id="tracking-number-error" className="text-sm font-medium text-red-800">
          {errors.trackingNumber}
        </span>
      </label>
      <label className="flex flex-col gap-1 font-semibold">
        Tracking address {carrier === "Other" ? "" : "(only for Other)"}
        <input
          name="trackingUrl"
          type="url"
          placeholder="https://"
          disabled={carrier !== "Other"}
          aria-invalid={errors.trackingUrl ? true : undefined}
          aria-describedby="tracking-url-error"
          className={`${fieldClass} disabled:bg-parchment`}
        />
        <span id="tracking-url-error" className="text-sm font-medium text-red-800">
          {errors.trackingUrl}
        </span>
      </label>
      <button type="submit" disabled={busy} className="btn-primary w-full">
        {fulfilmentSteps.shipped.label}
      </button>
    </Form>
  );
}

function StepButton({ step, busy }: { step: FulfilmentStep; busy: boolean }) {
  return (
    <Form method="post">
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
      <ServerErrorAlert error={result?.error} />
      {steps.length === 0 ? (
        <p>
          Nothing left to do for an order that is {orderStatusLabels[order.status].toLowerCase()}.
        </p>
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

function Timeline({ timeline }: { timeline: { at: Date; what: string; who: string | null }[] }) {
  return (
    <Card title="Timeline">
      <ol className="space-y-2">
        {timeline.map((entry) => (
          <li
            key={`${entry.at.toISOString()}-${entry.what}`}
            className="border-l-2 border-olive-500 pl-3"
          >
            <span className="block font-semibold">{entry.what}</span>
            <span className="block text-ink/75">
              {formatDate(entry.at)} {entry.at.toISOString().slice(11, 16)} UTC
              {entry.who ? ` · ${entry.who}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** One order as staff work it: what was bought, by whom, the next steps and the timeline. */
export function OrderWork({
  order,
  items,
  timeline,
  result,
}: {
  order: StaffOrder;
  items: StaffOrderLine[];
  timeline: { at: Date; what: string; who: string | null }[];
  result: OrderWorkResult | undefined;
}) {
  return (
    <div className="space-y-5">
      <Link
        to="/admin/orders"
        className="text-sm font-semibold text-olive-900 underline underline-offset-4"
      >
        All orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">Order {order.id}</h1>
        <span className="rounded-full bg-olive-100 px-3 py-1 text-sm font-semibold text-olive-950">
          {orderStatusLabels[order.status]}
        </span>
      </div>
      <p className="text-sm text-ink/80">
        {order.kind === "renewal" ? "Membership renewal" : "Purchase"} placed on{" "}
        {formatDate(order.createdAt)}
      </p>
      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        {/* On a phone the next step comes first; on a desktop it stands beside the order. */}
        <div className="space-y-5 lg:order-last">
          <Fulfilment order={order} result={result} />
          <Timeline timeline={timeline} />
        </div>
        <div className="space-y-5">
          <Lines order={order} items={items} />
          <Customer order={order} />
        </div>
      </div>
    </div>
  );
}
