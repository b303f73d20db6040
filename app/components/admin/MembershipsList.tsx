import { Form, Link } from "react-router";
import { searchMaxLength } from "~/core/admin/list-query";
import {
  type MembershipStatus,
  membershipStatuses,
  membershipStatusLabels,
} from "~/core/admin/memberships";
import {
  type MembershipsQuery,
  type MembershipsQueryParam,
  membershipsQueryToSearch,
} from "~/core/admin/memberships-query";
import { formatMonthlyPrice } from "~/core/money";
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
  StatusTabs,
  statusTabs,
} from "./ListParts";
import {
  CancelMembershipLink,
  MembershipStatusBadge,
  type MembershipView,
  nextBilling,
} from "./MembershipParts";

export interface MembershipRowView extends MembershipView {
  holder: { accountId: string | null; name: string; email: string };
}

export interface MembershipsPageView {
  memberships: MembershipRowView[];
  total: number;
  page: number;
  pageCount: number;
  statusCounts: Record<MembershipStatus, number>;
}

const paramLabels: Record<MembershipsQueryParam, string> = {
  status: "status",
  q: "search",
  page: "page",
};

function SearchForm({ query }: { query: MembershipsQuery }) {
  return (
    <Form
      method="get"
      className="grid gap-3 rounded-xl border border-olive-200 bg-cream p-4 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Customer e-mail
        <input
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="A part of the e-mail"
          maxLength={searchMaxLength}
          className={fieldClass}
        />
      </label>
      <div className="flex items-center justify-end gap-3">
        <Link
          to={membershipsQueryToSearch(query, { q: null }) || "/admin/memberships"}
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

function Holder({ holder }: { holder: MembershipRowView["holder"] }) {
  return (
    <>
      {holder.accountId ? (
        <Link
          to={`/admin/customers/${holder.accountId}`}
          className="inline-flex min-h-11 items-center font-semibold text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {holder.name || holder.email}
        </Link>
      ) : (
        <span className="block font-semibold">
          {holder.name || holder.email} <span className="font-normal text-ink/75">(guest)</span>
        </span>
      )}
      <span className="block text-sm break-all text-ink/75">{holder.email}</span>
    </>
  );
}

function MembershipRow({ membership, back }: { membership: MembershipRowView; back: string }) {
  return (
    <tr className={listRowClass}>
      <td className="col-span-2 sm:px-4 sm:py-3">
        <Holder holder={membership.holder} />
      </td>
      <LabelledCell label="Plan" className="font-semibold">
        {membership.plan}
      </LabelledCell>
      <LabelledCell label="Quantity" className="sm:text-right">
        {membership.quantity}
      </LabelledCell>
      <LabelledCell label="Price a month" className="sm:text-right">
        {formatMonthlyPrice(membership.unitPriceCents, membership.quantity)}
      </LabelledCell>
      <td className="sm:px-4 sm:py-3">
        <MembershipStatusBadge status={membership.status} />
      </td>
      <LabelledCell label="Next billing date" className="col-span-2 sm:col-span-1">
        {nextBilling(membership)}
      </LabelledCell>
      <td className="col-span-2 sm:px-4 sm:py-3 sm:text-right">
        <CancelMembershipLink
          membership={membership}
          holder={membership.holder.email}
          back={back}
        />
      </td>
    </tr>
  );
}

const membershipColumns: Column[] = [
  { label: "Customer" },
  { label: "Plan" },
  { label: "Quantity", className: "text-right" },
  { label: "Price a month", className: "text-right" },
  { label: "Status" },
  { label: "Next billing date" },
  { label: "Actions", hidden: true },
];

/** The memberships: status tabs with counts, the search, the page of memberships, the pages. */
export function MembershipsList({
  query,
  ignored,
  list,
  loading,
}: {
  query: MembershipsQuery;
  ignored: MembershipsQueryParam[];
  list: MembershipsPageView;
  loading: boolean;
}) {
  const filtered = query.status !== null || query.q !== null;
  return (
    <div className="space-y-5">
      <ListHeading title="Memberships" ignored={ignored.map((name) => paramLabels[name])} />
      <StatusTabs
        label="Membership status"
        tabs={statusTabs({
          statuses: membershipStatuses,
          labels: membershipStatusLabels,
          counts: list.statusCounts,
          current: query.status,
          linkTo: (status) => membershipsQueryToSearch(query, { status }),
        })}
      />
      <SearchForm query={query} />
      <LoadingList loading={loading} text="Loading memberships…">
        <ListBody
          list={{ ...list, shown: list.memberships.length }}
          noun="memberships"
          pageLink={(page) => membershipsQueryToSearch(query, { page })}
          empty={
            <EmptyList
              title={filtered ? "No memberships match" : "No memberships yet"}
              hint={
                filtered
                  ? "Try another status or a shorter part of the e-mail."
                  : "Memberships appear here as soon as the first one is paid."
              }
              showAll={
                filtered ? { to: "/admin/memberships", label: "Show all memberships" } : undefined
              }
            />
          }
        >
          <ListTable caption="Memberships" columns={membershipColumns}>
            {list.memberships.map((membership) => (
              <MembershipRow
                key={membership.subscriptionItemId}
                membership={membership}
                back={`/admin/memberships${membershipsQueryToSearch(query)}`}
              />
            ))}
          </ListTable>
        </ListBody>
      </LoadingList>
    </div>
  );
}
