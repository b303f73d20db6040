import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { useHydrated } from "~/components/forms/use-hydrated";
import { OrderStatusBadges } from "~/components/orders/OrderStatusBadges";
import type { Route } from "~/routes/+types/admin.orders";
import { type DayErrors, hasDayErrors } from "~core/admin/days";
import { type InboxCounts, type OrdersQuery, ordersQueryToSearch } from "~core/admin/orders-query";
import { formatMoney } from "~core/money";
import {
  type FulfilmentStatus,
  fulfilmentStatuses,
  fulfilmentStatusLabels,
  paymentStatuses,
  paymentStatusLabels,
} from "~core/order-status";
import type { ServerError } from "~core/result";
import { DayField } from "./Field";
import {
  type Column,
  ExportLink,
  FormActions,
  fieldClass,
  ListBody,
  ListForm,
  ListHeading,
  ListTable,
  SearchField,
  StatusTabs,
  statusTabs,
} from "./ListParts";
import { ShopTime } from "./shop-time";

/** What the inbox's loader sends: the query as read, and the page of orders with its counts. */
type LoaderData = Route.ComponentProps["loaderData"];
type InboxOrder = LoaderData["inbox"]["orders"][number];

/** The tabs staff work every day; the other fulfilment statuses are behind 'More'. */
const everydayTabs: readonly FulfilmentStatus[] = [
  "unfulfilled",
  "processing",
  "shipped",
  "delivered",
  "ready_for_pickup",
];

/** The checkboxes' name: the inbox's action and the packing slips read the chosen `order`s. */
const selectionField = "order";

/** The payment filter, each choice with the number of orders it would show. */
function PaymentFilter({ query, counts }: { query: OrdersQuery; counts: InboxCounts["payment"] }) {
  const any = paymentStatuses.reduce((sum, status) => sum + counts[status], 0);
  return (
    <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold lg:col-span-1">
      Payment
      <select name="payment" defaultValue={query.payment ?? ""} className={fieldClass}>
        <option value="">Any payment ({any})</option>
        {paymentStatuses.map((status) => (
          <option key={status} value={status}>
            {paymentStatusLabels[status]} ({counts[status]})
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({
  query,
  counts,
  dayErrors,
}: {
  query: OrdersQuery;
  counts: InboxCounts;
  dayErrors: DayErrors;
}) {
  return (
    <ListForm className="grid-cols-2 lg:grid-cols-6">
      {query.fulfilment ? <input type="hidden" name="fulfilment" value={query.fulfilment} /> : null}
      <SearchField
        label="Search"
        placeholder="Order number, e-mail or name"
        value={query.q}
        className="col-span-2"
      />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Kind
        <select name="kind" defaultValue={query.kind ?? ""} className={fieldClass}>
          <option value="">All kinds</option>
          <option value="purchase">Purchases</option>
          <option value="renewal">Membership renewals</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Delivery
        <select name="pickup" defaultValue={query.pickup ?? ""} className={fieldClass}>
          <option value="">Any delivery</option>
          <option value="none">Shipped</option>
          <option value="only">Local pickup</option>
        </select>
      </label>
      <DayField label="From" name="from" value={query.from} refused={dayErrors.from} />
      <DayField label="To" name="to" value={query.to} refused={dayErrors.to} />
      <PaymentFilter query={query} counts={counts.payment} />
      <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold lg:col-span-1">
        Sort
        <select name="sort" defaultValue={query.sort} className={fieldClass}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="total-desc">Highest total first</option>
          <option value="total-asc">Lowest total first</option>
        </select>
      </label>
      <FormActions
        clearTo={ordersQueryToSearch(query, {
          payment: null,
          kind: null,
          pickup: null,
          from: null,
          to: null,
          q: null,
          sort: "newest",
        })}
        clearLabel="Clear filters"
        submitLabel="Apply filters"
        className="col-span-2 self-end lg:col-span-4"
      />
    </ListForm>
  );
}

function OrderRow({ order }: { order: InboxOrder }) {
  return (
    <tr className="grid grid-cols-[auto_1fr_auto] gap-x-4 gap-y-1 border-b border-olive-200 px-4 py-3 sm:table-row sm:p-0">
      <td className="row-span-4 sm:w-px sm:py-1 sm:pl-2">
        <label className="-ml-3 inline-flex size-11 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            name={selectionField}
            value={order.id}
            className="size-5 cursor-pointer accent-olive-800"
          />
          <span className="sr-only">Select order {order.id}</span>
        </label>
      </td>
      <td className="font-mono text-sm font-semibold sm:px-4 sm:py-3">
        <Link
          to={`/admin/orders/${order.id}`}
          className="inline-flex min-h-11 items-center text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {order.id}
        </Link>
      </td>
      <td className="text-right sm:px-4 sm:py-3 sm:text-left">
        <OrderStatusBadges order={order} className="justify-end sm:justify-start" />
      </td>
      <td className="col-span-2 sm:px-4 sm:py-3">
        <span className="block font-semibold">
          {order.firstName} {order.lastName}
        </span>
        <span className="block text-sm break-all text-ink/75">{order.email}</span>
      </td>
      <td className="text-sm text-ink/80 sm:px-4 sm:py-3">
        <ShopTime at={order.createdAt} />
        {order.kind === "renewal" ? " · Renewal" : ""}
      </td>
      <td className="text-right text-sm sm:px-4 sm:py-3 sm:text-left">
        {order.hasLocalPickup ? "Local pickup" : "Ship"}
      </td>
      <td className="text-sm text-ink/80 sm:px-4 sm:py-3 sm:text-right">
        {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
      </td>
      <td className="text-right font-semibold sm:px-4 sm:py-3">{formatMoney(order.totalCents)}</td>
    </tr>
  );
}

const orderColumns: Column[] = [
  { label: "Selected", hidden: true, className: "sm:w-px" },
  { label: "Order" },
  { label: "Status" },
  { label: "Customer" },
  { label: "Placed" },
  { label: "Delivery" },
  { label: "Items", className: "sm:text-right" },
  { label: "Total", className: "text-right" },
];

function rowCheckboxes(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [...form.elements].filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && element.name === selectionField,
  );
}

/** 'Select all on this page': only once scripts run, since only they can tick the others. */
function SelectAll({
  form,
  selected,
  total,
}: {
  form: HTMLFormElement | null;
  selected: number;
  total: number;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selected > 0 && selected < total;
  }, [selected, total]);
  return (
    <div className="flex flex-wrap items-center gap-x-3 text-sm">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
        <input
          ref={box}
          type="checkbox"
          checked={selected === total}
          onChange={(event) => {
            // The form's own change handler counts them next.
            for (const each of rowCheckboxes(form)) each.checked = event.target.checked;
          }}
          className="size-5 cursor-pointer accent-olive-800"
        />
        Select all on this page
      </label>
      <span aria-live="polite" className="text-ink/75">
        {selected} selected
      </span>
    </div>
  );
}

/**
 * The page's orders in one form with the actions on the chosen ones: 'Mark as processing' posts
 * to the inbox, 'Print packing slips' asks for the slips' page with the same `order` values.
 */
function OrdersSelection({
  query,
  orders,
  error,
}: {
  query: OrdersQuery;
  orders: InboxOrder[];
  error: ServerError | undefined;
}) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [selected, setSelected] = useState(0);
  const countSelected = useCallback(
    () => setSelected(rowCheckboxes(form).filter((box) => box.checked).length),
    [form],
  );
  // Boxes ticked before the scripts ran count too.
  useEffect(countSelected, [countSelected]);
  return (
    <Form
      ref={setForm}
      method="post"
      action={`/admin/orders${ordersQueryToSearch(query)}`}
      onChange={countSelected}
    >
      <div className="space-y-3 border-b border-olive-200 px-4 py-3">
        <ServerErrorAlert error={error} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {hydrated ? (
            <SelectAll form={form} selected={selected} total={orders.length} />
          ) : (
            <p className="text-sm text-ink/80">Tick orders to work on them together.</p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="btn-primary">
              Mark as processing
            </button>
            <button
              type="submit"
              formMethod="get"
              formAction="/admin/packing-slips"
              className="btn-outline text-olive-900"
            >
              Print packing slips
            </button>
          </div>
        </div>
      </div>
      <ListTable caption="Orders" columns={orderColumns}>
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ListTable>
    </Form>
  );
}

function isFiltered(query: OrdersQuery): boolean {
  return [
    query.fulfilment,
    query.payment,
    query.kind,
    query.from,
    query.to,
    query.pickup,
    query.q,
  ].some((value) => value !== null);
}

/** The inbox's tabs by fulfilment status, with their counts: the everyday ones, then 'More'. */
function FulfilmentTabs({ query, counts }: { query: OrdersQuery; counts: InboxCounts }) {
  const tabs = statusTabs({
    statuses: fulfilmentStatuses,
    labels: fulfilmentStatusLabels,
    counts: counts.fulfilment,
    current: query.fulfilment,
    linkTo: (fulfilment) => ordersQueryToSearch(query, { fulfilment }),
  });
  const everyday = (tab: (typeof tabs)[number]) =>
    tab.status === null || everydayTabs.includes(tab.status);
  return (
    <StatusTabs
      label="Fulfilment status"
      tabs={tabs.filter(everyday)}
      more={tabs.filter((tab) => !everyday(tab))}
    />
  );
}

/** The orders inbox: fulfilment tabs with counts, filters, the page of orders and the pages. */
export function OrdersInbox({
  query,
  ignored,
  dayErrors,
  inbox,
  loading,
  selectionError,
}: LoaderData & {
  loading: boolean;
  /** Why the last action on the chosen orders was refused. */
  selectionError: ServerError | undefined;
}) {
  // A new visit to the inbox, the one after 'Mark as processing' included, starts unselected.
  const location = useLocation();
  return (
    <div className="space-y-5">
      <ListHeading
        title="Orders"
        ignored={ignored}
        paramNames={{ pickup: "delivery" }}
        action={
          hasDayErrors(dayErrors) ? null : (
            <ExportLink href={`/admin/orders.csv${ordersQueryToSearch(query, { page: 1 })}`} />
          )
        }
      />
      <FulfilmentTabs query={query} counts={inbox.counts} />
      <Filters query={query} counts={inbox.counts} dayErrors={dayErrors} />
      <ListBody
        list={{ ...inbox, shown: inbox.orders.length }}
        noun="orders"
        loading={loading}
        filtered={isFiltered(query)}
        empty={{
          none: ["No orders yet", "Orders appear here as soon as they are paid."],
          filtered: [
            "No orders match these filters",
            "Try another status or payment, a wider date range or a shorter search.",
          ],
          showAll: "/admin/orders",
        }}
        pageLink={(page) => ordersQueryToSearch(query, { page })}
      >
        <OrdersSelection
          key={location.key}
          query={query}
          orders={inbox.orders}
          error={selectionError}
        />
      </ListBody>
    </div>
  );
}
