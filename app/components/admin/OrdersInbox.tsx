import { Link } from "react-router";
import {
  type OrdersQuery,
  type OrdersQueryParam,
  ordersQueryToSearch,
} from "~/core/admin/orders-query";
import { formatDate } from "~/core/dates";
import { formatMoney } from "~/core/money";
import { type OrderStatus, orderStatuses, orderStatusLabels } from "~/core/order-status";
import {
  type Column,
  FormActions,
  fieldClass,
  ListBody,
  ListForm,
  ListHeading,
  ListTable,
  SearchField,
  StatusBadge,
  StatusTabs,
  statusTabs,
} from "./ListParts";

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

function Filters({ query }: { query: OrdersQuery }) {
  return (
    <ListForm className="grid-cols-2 lg:grid-cols-6">
      {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
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
      <FormActions
        clearTo={ordersQueryToSearch(query, {
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
    <tr className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-b border-olive-200 px-4 py-3 sm:table-row sm:p-0">
      <td className="font-mono text-sm font-semibold sm:px-4 sm:py-3">
        <Link
          to={`/admin/orders/${order.id}`}
          className="inline-flex min-h-11 items-center text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {order.id}
        </Link>
      </td>
      <td className="text-right sm:px-4 sm:py-3 sm:text-left">
        <StatusBadge>{orderStatusLabels[order.status]}</StatusBadge>
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

const orderColumns: Column[] = [
  { label: "Order" },
  { label: "Status" },
  { label: "Customer" },
  { label: "Placed" },
  { label: "Delivery" },
  { label: "Items", className: "sm:text-right" },
  { label: "Total", className: "text-right" },
];

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
}: {
  query: OrdersQuery;
  ignored: OrdersQueryParam[];
  inbox: Inbox;
  loading: boolean;
}) {
  return (
    <div className="space-y-5">
      <ListHeading title="Orders" ignored={ignored} paramNames={{ pickup: "delivery" }} />
      <StatusTabs
        label="Order status"
        tabs={statusTabs({
          statuses: orderStatuses,
          labels: orderStatusLabels,
          counts: inbox.statusCounts,
          current: query.status,
          linkTo: (status) => ordersQueryToSearch(query, { status }),
        })}
      />
      <Filters query={query} />
      <ListBody
        list={{ ...inbox, shown: inbox.orders.length }}
        noun="orders"
        loading={loading}
        filtered={isFiltered(query)}
        empty={{
          none: ["No orders yet", "Orders appear here as soon as they are paid."],
          filtered: [
            "No orders match these filters",
            "Try another status, a wider date range or a shorter search.",
          ],
          showAll: "/admin/orders",
        }}
        pageLink={(page) => ordersQueryToSearch(query, { page })}
      >
        <ListTable caption="Orders" columns={orderColumns}>
          {inbox.orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ListTable>
      </ListBody>
    </div>
  );
}
