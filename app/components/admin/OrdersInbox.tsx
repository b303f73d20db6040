import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { useHydrated } from "~/components/forms/use-hydrated";
import {
  type OrdersQuery,
  type OrdersQueryParam,
  ordersPageSize,
  ordersQueryToSearch,
} from "~/core/admin/orders-query";
import { formatDate } from "~/core/dates";
import { formatMoney } from "~/core/money";
import { type OrderStatus, orderStatuses, orderStatusLabels } from "~/core/order-status";
import type { ServerError } from "~/core/result";

export interface InboxOrder {
  id: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  kind: "purchase" | "renewal";
  hasLocalPickup: boolean;
  status: OrderStatus;
  totalCents: number;
  itemCount: number;
}

export interface Inbox {
  orders: InboxOrder[];
  total: number;
  page: number;
  pageCount: number;
  statusCounts: Record<OrderStatus, number>;
}

const paramLabels: Record<OrdersQueryParam, string> = {
  status: "status",
  kind: "kind",
  from: "from",
  to: "to",
  pickup: "delivery",
  q: "search",
  sort: "sort",
  page: "page",
};

/** The checkboxes' name: the inbox's action and the packing slips read the chosen `order`s. */
const selectionField = "order";

const fieldClass =
  "min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3 py-2 text-base text-ink focus:border-olive-800 focus:ring-2 focus:ring-gold-500/40 focus:outline-none";

function StatusTabs({ query, inbox }: { query: OrdersQuery; inbox: Inbox }) {
  const all = Object.values(inbox.statusCounts).reduce((sum, count) => sum + count, 0);
  const tabs: { status: OrderStatus | null; label: string; count: number }[] = [
    { status: null, label: "All", count: all },
    ...orderStatuses.map((status) => ({
      status,
      label: orderStatusLabels[status],
      count: inbox.statusCounts[status],
    })),
  ];
  return (
    <nav aria-label="Order status" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-2">
        {tabs.map((tab) => {
          const current = tab.status === query.status;
          return (
            <li key={tab.label} className="shrink-0">
              <Link
                to={ordersQueryToSearch(query, { status: tab.status })}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
                  current
                    ? "border-olive-800 bg-olive-800 text-cream"
                    : "border-olive-200 bg-cream text-olive-950 hover:bg-olive-100"
                }`}
              >
                {tab.label}
                <span className={current ? "text-cream/85" : "text-ink/70"}>{tab.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Filters({ query }: { query: OrdersQuery }) {
  return (
    <Form
      method="get"
      className="grid grid-cols-2 gap-3 rounded-xl border border-olive-200 bg-cream p-4 lg:grid-cols-6"
    >
      {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
      <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold">
        Search
        <input
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="Order number, e-mail or name"
          maxLength={100}
          className={fieldClass}
        />
      </label>
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
          <option value="">Shipped and pickup</option>
          <option value="none">Shipped</option>
          <option value="only">Local pickup</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        From
        <input type="date" name="from" defaultValue={query.from ?? ""} className={fieldClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        To
        <input type="date" name="to" defaultValue={query.to ?? ""} className={fieldClass} />
      </label>
      <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold">
        Sort
        <select name="sort" defaultValue={query.sort} className={fieldClass}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="total-desc">Highest total first</option>
          <option value="total-asc">Lowest total first</option>
        </select>
      </label>
      <div className="col-span-2 flex items-end justify-end gap-3 lg:col-span-4">
        <Link
          to={ordersQueryToSearch(query, {
            kind: null,
            pickup: null,
            from: null,
            to: null,
            q: null,
            sort: "newest",
          })}
          className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          Clear filters
        </Link>
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
      </div>
    </Form>
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
        <span className="inline-flex rounded-full bg-olive-100 px-2.5 py-0.5 text-xs font-semibold text-olive-950">
          {orderStatusLabels[order.status]}
        </span>
      </td>
      <td className="col-span-2 sm:px-4 sm:py-3">
        <span className="block font-semibold">
          {order.firstName} {order.lastName}
        </span>
        <span className="block text-sm break-all text-ink/75">{order.email}</span>
      </td>
      <td className="text-sm text-ink/80 sm:px-4 sm:py-3">
        {formatDate(order.createdAt)}
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

function OrdersTable({ orders }: { orders: InboxOrder[] }) {
  const heading = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-ink/70 uppercase";
  return (
    <table className="w-full border-collapse text-ink">
      <caption className="sr-only">Orders</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-olive-200">
          <th scope="col" className={`${heading} sm:w-px`}>
            <span className="sr-only">Selected</span>
          </th>
          <th scope="col" className={heading}>
            Order
          </th>
          <th scope="col" className={heading}>
            Status
          </th>
          <th scope="col" className={heading}>
            Customer
          </th>
          <th scope="col" className={heading}>
            Placed
          </th>
          <th scope="col" className={heading}>
            Delivery
          </th>
          <th scope="col" className={`${heading} sm:text-right`}>
            Items
          </th>
          <th scope="col" className={`${heading} text-right`}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </tbody>
    </table>
  );
}

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
      className="overflow-hidden rounded-xl border border-olive-200 bg-cream"
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
      <OrdersTable orders={orders} />
    </Form>
  );
}

function Pagination({ query, inbox }: { query: OrdersQuery; inbox: Inbox }) {
  const first = (inbox.page - 1) * ordersPageSize + 1;
  const last = Math.min(inbox.page * ordersPageSize, inbox.total);
  const linkClass =
    "inline-flex min-h-11 items-center rounded-lg border border-olive-200 bg-cream px-4 text-sm font-semibold text-olive-950 hover:bg-olive-100";
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink/80"
    >
      <p>
        {inbox.orders.length > 0
          ? `Showing ${first}–${last} of ${inbox.total} orders`
          : `Page ${inbox.page} is past the last page`}{" "}
        · Page {inbox.page} of {inbox.pageCount}
      </p>
      <div className="flex gap-2">
        {inbox.page > 1 ? (
          <Link
            to={ordersQueryToSearch(query, { page: Math.min(inbox.page - 1, inbox.pageCount) })}
            className={linkClass}
          >
            Previous page
          </Link>
        ) : null}
        {inbox.page < inbox.pageCount ? (
          <Link to={ordersQueryToSearch(query, { page: inbox.page + 1 })} className={linkClass}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

function EmptyInbox({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-12 text-center">
      <p className="text-lg font-semibold">
        {filtered ? "No orders match these filters" : "No orders yet"}
      </p>
      <p className="mt-2 text-ink/75">
        {filtered
          ? "Try another status, a wider date range or a shorter search."
          : "Orders appear here as soon as they are paid."}
      </p>
      {filtered ? (
        <Link to="/admin/orders" className="btn-primary mt-6 inline-flex">
          Show all orders
        </Link>
      ) : null}
    </div>
  );
}

function isFiltered(query: OrdersQuery): boolean {
  return [query.status, query.kind, query.from, query.to, query.pickup, query.q].some(
    (value) => value !== null,
  );
}

/** The orders inbox: status tabs with counts, filters, the page of orders and the pages. */
export function OrdersInbox({
  query,
  ignored,
  inbox,
  loading,
  selectionError,
}: {
  query: OrdersQuery;
  ignored: OrdersQueryParam[];
  inbox: Inbox;
  loading: boolean;
  /** Why the last action on the chosen orders was refused. */
  selectionError: ServerError | undefined;
}) {
  // A new visit to the inbox, the one after 'Mark as processing' included, starts unselected.
  const location = useLocation();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Orders</h1>
        <a
          href={`/admin/orders.csv${ordersQueryToSearch(query, { page: 1 })}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-olive-200 bg-cream px-4 text-sm font-semibold text-olive-950 hover:bg-olive-100"
        >
          Export CSV
        </a>
      </div>
      {ignored.length > 0 ? (
        <p role="alert" className="rounded-lg bg-gold-200 px-4 py-3 text-sm text-ink">
          Some values in the address could not be used and were ignored:{" "}
          {ignored.map((name) => paramLabels[name]).join(", ")}.
        </p>
      ) : null}
      <StatusTabs query={query} inbox={inbox} />
      <Filters query={query} />
      <p role="status" className={loading ? "text-sm font-semibold text-olive-900" : "sr-only"}>
        {loading ? "Loading orders…" : ""}
      </p>
      <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
        {inbox.total === 0 && inbox.orders.length === 0 ? (
          <EmptyInbox filtered={isFiltered(query)} />
        ) : (
          <div className="space-y-4">
            {inbox.orders.length > 0 ? (
              <OrdersSelection
                key={location.key}
                query={query}
                orders={inbox.orders}
                error={selectionError}
              />
            ) : null}
            <Pagination query={query} inbox={inbox} />
          </div>
        )}
      </div>
    </div>
  );
}
