import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "~/routes/+types/admin.customers";
import { customerHref, customerKindLabels, customerName } from "~core/admin/customers";
import {
  type CustomersQuery,
  customersQuery,
  customersSortLabels,
  customersSorts,
} from "~core/admin/customers-query";
import { formatMoney } from "~core/money";
import {
  type Column,
  ExportLink,
  FormActions,
  fieldClass,
  LabelledCell,
  ListBody,
  ListForm,
  ListHeading,
  ListTable,
  listRowClass,
  SearchField,
  StatusBadge,
} from "./ListParts";
import { ShopTime } from "./shop-time";

/** What the customers page's loader sends: the query as read and the page of customers. */
type LoaderData = Route.ComponentProps["loaderData"];
type ListedCustomer = LoaderData["list"]["customers"][number];

function SearchForm({ query }: { query: CustomersQuery }) {
  return (
    <ListForm className="sm:grid-cols-[2fr_1fr_auto] sm:items-end">
      <SearchField label="Search" placeholder="E-mail or name" value={query.q} />
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
      <FormActions clearTo="/admin/customers" clearLabel="Clear" submitLabel="Search" />
    </ListForm>
  );
}

/** The figures of a row, each with the label a phone shows before it. */
function figures(
  customer: ListedCustomer,
): Array<[label: string, value: ReactNode, className: string]> {
  return [
    ["Kind", <StatusBadge key="kind">{customerKindLabels[customer.kind]}</StatusBadge>, ""],
    ["Verified e-mail", customer.emailVerified ? "Yes" : "No", ""],
    ["Orders", String(customer.orderCount), "sm:text-right"],
    ["Lifetime spend", formatMoney(customer.lifetimeSpendCents), "font-semibold sm:text-right"],
    ["Active memberships", String(customer.activeMemberships), "sm:text-right"],
    [
      "Joined",
      <ShopTime key="joined" at={customer.joinedAt} />,
      "col-span-2 text-ink/80 sm:col-span-1",
    ],
  ];
}

function CustomerRow({ customer }: { customer: ListedCustomer }) {
  return (
    <tr className={listRowClass}>
      <td className="col-span-2 font-semibold sm:px-4 sm:py-3">
        <Link
          to={customerHref(customer.id)}
          className="inline-flex min-h-11 items-center text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {customerName(customer)}
        </Link>
      </td>
      <td className="col-span-2 text-sm wrap-anywhere text-ink/80 sm:px-4 sm:py-3">
        {customer.email}
      </td>
      {figures(customer).map(([label, value, className]) => (
        <LabelledCell key={label} label={label} className={className}>
          {value}
        </LabelledCell>
      ))}
    </tr>
  );
}

const customerColumns: Column[] = [
  { label: "Name" },
  { label: "E-mail" },
  { label: "Kind" },
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
}: LoaderData & { loading: boolean }) {
  return (
    <div className="space-y-5">
      <ListHeading
        title="Customers"
        ignored={ignored}
        action={<ExportLink href="/admin/customers.csv" />}
      />
      <p className="text-sm text-ink/80">
        Everyone who paid or opened an account. A guest paid without an account; their orders join
        the account of the same e-mail once it is verified.
      </p>
      <SearchForm query={query} />
      <ListBody
        list={{ ...list, shown: list.customers.length }}
        noun="customers"
        loading={loading}
        filtered={query.q !== null}
        empty={{
          none: [
            "No customers yet",
            "Shoppers appear here as soon as they pay or create an account.",
          ],
          filtered: [
            "No customers match this search",
            "Try a shorter search, or a part of the e-mail.",
          ],
          showAll: `/admin/customers${customersQuery.toSearch({ ...customersQuery.defaults, sort: query.sort })}`,
        }}
        pageLink={(page) => customersQuery.toSearch(query, { page })}
      >
        <ListTable caption="Customers" columns={customerColumns}>
          {list.customers.map((customer) => (
            <CustomerRow key={customer.id} customer={customer} />
          ))}
        </ListTable>
      </ListBody>
    </div>
  );
}
