import { Form, Link } from "react-router";
import {
  type CustomersQuery,
  type CustomersQueryParam,
  customersQueryToSearch,
  customersSortLabels,
  customersSorts,
  defaultCustomersQuery,
} from "~/core/admin/customers-query";
import { searchMaxLength } from "~/core/admin/list-query";
import { formatDate } from "~/core/dates";
import { formatMoney } from "~/core/money";
import {
  type Column,
  EmptyList,
  fieldClass,
  LabelledCell,
  ListBody,
  ListHeading,
  ListTable,
  LoadingList,
  listRowClass,
} from "./ListParts";

export interface CustomerSummary {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  joinedAt: Date;
  orderCount: number;
  lifetimeSpendCents: number;
  activeMemberships: number;
}

export interface CustomersPageView {
  customers: CustomerSummary[];
  total: number;
  page: number;
  pageCount: number;
}

const paramLabels: Record<CustomersQueryParam, string> = {
  q: "search",
  sort: "sort",
  page: "page",
};

/** The name an account is shown by; an account without one is shown by its e-mail. */
export function customerName(customer: Pick<CustomerSummary, "name" | "email">): string {
  return customer.name.trim() || customer.email;
}

function SearchForm({ query }: { query: CustomersQuery }) {
  return (
    <Form
      method="get"
      className="grid gap-3 rounded-xl border border-olive-200 bg-cream p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
    >
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Search
        <input
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="E-mail or name"
          maxLength={searchMaxLength}
          className={fieldClass}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Sort
        <select name="sort" defaultValue={query.sort} className={fieldClass}>
          {customersSorts.map((sort) => (
            <option key={sort} value={sort}>
              {customersSortLabels[sort]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center justify-end gap-3">
        <Link
          to="/admin/customers"
          className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          Clear
        </Link>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </div>
    </Form>
  );
}

function CustomerRow({ customer }: { customer: CustomerSummary }) {
  return (
    <tr className={listRowClass}>
      <td className="col-span-2 font-semibold sm:px-4 sm:py-3">
        <Link
          to={`/admin/customers/${customer.id}`}
          className="inline-flex min-h-11 items-center text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {customerName(customer)}
        </Link>
      </td>
      <td className="col-span-2 text-sm break-all text-ink/80 sm:px-4 sm:py-3">{customer.email}</td>
      <LabelledCell label="Verified e-mail">{customer.emailVerified ? "Yes" : "No"}</LabelledCell>
      <LabelledCell label="Orders" className="sm:text-right">
        {customer.orderCount}
      </LabelledCell>
      <LabelledCell label="Lifetime spend" className="font-semibold sm:text-right">
        {formatMoney(customer.lifetimeSpendCents)}
      </LabelledCell>
      <LabelledCell label="Active memberships" className="sm:text-right">
        {customer.activeMemberships}
      </LabelledCell>
      <LabelledCell label="Joined" className="col-span-2 text-ink/80 sm:col-span-1">
        {formatDate(customer.joinedAt)}
      </LabelledCell>
    </tr>
  );
}

const customerColumns: Column[] = [
  { label: "Name" },
  { label: "E-mail" },
  { label: "Verified e-mail" },
  { label: "Orders", className: "text-right" },
  { label: "Lifetime spend", className: "text-right" },
  { label: "Active memberships", className: "text-right" },
  { label: "Joined" },
];

/** The customers: the search, the page of accounts with their figures, and the pages. */
export function CustomersList({
  query,
  ignored,
  list,
  loading,
}: {
  query: CustomersQuery;
  ignored: CustomersQueryParam[];
  list: CustomersPageView;
  loading: boolean;
}) {
  const searched = query.q !== null;
  return (
    <div className="space-y-5">
      <ListHeading title="Customers" ignored={ignored.map((name) => paramLabels[name])} />
      <p className="text-sm text-ink/80">
        Shoppers with an account. Guests who paid without one are found by their orders.
      </p>
      <SearchForm query={query} />
      <LoadingList loading={loading} text="Loading customers…">
        <ListBody
          list={{ ...list, shown: list.customers.length }}
          noun="customers"
          pageLink={(page) => customersQueryToSearch(query, { page })}
          empty={
            <EmptyList
              title={searched ? "No customers match this search" : "No customers yet"}
              hint={
                searched
                  ? "Try a shorter search, or a part of the e-mail."
                  : "Shoppers appear here as soon as they create an account."
              }
              showAll={
                searched
                  ? {
                      to: `/admin/customers${customersQueryToSearch({ ...defaultCustomersQuery, sort: query.sort })}`,
                      label: "Show all customers",
                    }
                  : undefined
              }
            />
          }
        >
          <ListTable caption="Customers" columns={customerColumns}>
            {list.customers.map((customer) => (
              <CustomerRow key={customer.id} customer={customer} />
            ))}
          </ListTable>
        </ListBody>
      </LoadingList>
    </div>
  );
}
