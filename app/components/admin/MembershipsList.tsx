import { Link } from "react-router";
import type { Route } from "~/routes/+types/admin.memberships";
import { customerHref } from "~core/admin/customers";
import {
  membershipHref,
  membershipStatuses,
  membershipStatusLabels,
} from "~core/admin/memberships";
import { type MembershipsQuery, membershipsQuery } from "~core/admin/memberships-query";
import { formatMoney, formatMonthlyPrice } from "~core/money";
import { Card } from "./Card";
import {
  type Column,
  FormActions,
  LabelledCell,
  ListBody,
  ListForm,
  ListHeading,
  ListTable,
  listRowClass,
  SearchField,
  StatusTabs,
  statusTabs,
} from "./ListParts";
import { CancelMembershipLink, MembershipStatusBadge, NextBilling } from "./MembershipParts";

/** What the memberships page's loader sends: the query as read and the page of memberships. */
type LoaderData = Route.ComponentProps["loaderData"];
type ListedMembership = LoaderData["list"]["memberships"][number];

function SearchForm({ query }: { query: MembershipsQuery }) {
  return (
    <ListForm className="sm:grid-cols-[1fr_auto] sm:items-end">
      {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
      <SearchField label="Customer e-mail" placeholder="A part of the e-mail" value={query.q} />
      <FormActions
        clearTo={membershipsQuery.toSearch(query, { q: null }) || "/admin/memberships"}
        clearLabel="Clear"
        submitLabel="Search"
      />
    </ListForm>
  );
}

function Holder({ holder }: { holder: ListedMembership["holder"] }) {
  return (
    <>
      {holder.customerId ? (
        <Link
          to={customerHref(holder.customerId)}
          className="inline-flex min-h-11 items-center font-semibold text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {holder.name || holder.email}
        </Link>
      ) : (
        <span className="block font-semibold">{holder.name || holder.email}</span>
      )}
      {holder.hasAccount ? null : <span className="text-sm text-ink/75"> (guest)</span>}
      <span className="block text-sm wrap-anywhere text-ink/75">{holder.email}</span>
    </>
  );
}

function MembershipRow({ membership, back }: { membership: ListedMembership; back: string }) {
  return (
    <tr className={listRowClass}>
      <td className="col-span-2 sm:px-4 sm:py-3">
        <Holder holder={membership.holder} />
      </td>
      <LabelledCell label="Plan" className="font-semibold">
        <Link
          to={membershipHref(membership.subscriptionItemId)}
          className="inline-flex min-h-11 items-center text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {membership.plan}
        </Link>
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
        <NextBilling membership={membership} />
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
function Figures({ figures, clock }: Pick<LoaderData, "figures" | "clock">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card title="Monthly recurring revenue">
        <p className="text-2xl font-semibold tabular-nums">{formatMoney(figures.mrrCents)}</p>
        <p>What active memberships bill each month (paused and failed payments excluded).</p>
        {clock ? (
          <Link
            to="/admin/sandbox-clock"
            className="inline-flex min-h-11 items-center font-semibold text-olive-900 underline underline-offset-4"
          >
            Sandbox clock
          </Link>
        ) : null}
      </Card>
      <Card title="Reasons for cancelling">
        {figures.reasons.length === 0 ? (
          <p>No member has cancelled yet.</p>
        ) : (
          <ul className="space-y-1">
            {figures.reasons.map((reason) => (
              <li key={reason.label} className="flex justify-between gap-4">
                <span>{reason.label}</span>
                <span className="font-semibold tabular-nums">{reason.count}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function MembershipsList({
  query,
  ignored,
  list,
  figures,
  clock,
  loading,
}: LoaderData & { loading: boolean }) {
  return (
    <div className="space-y-5">
      <ListHeading title="Memberships" ignored={ignored} />
      <Figures figures={figures} clock={clock} />
      <StatusTabs
        label="Membership status"
        tabs={statusTabs({
          statuses: membershipStatuses,
          labels: membershipStatusLabels,
          counts: list.statusCounts,
          current: query.status,
          linkTo: (status) => membershipsQuery.toSearch(query, { status }),
        })}
      />
      <SearchForm query={query} />
      <ListBody
        list={{ ...list, shown: list.memberships.length }}
        noun="memberships"
        loading={loading}
        filtered={query.status !== null || query.q !== null}
        empty={{
          none: ["No memberships yet", "Memberships appear here as soon as the first one is paid."],
          filtered: ["No memberships match", "Try another status or a shorter part of the e-mail."],
          showAll: "/admin/memberships",
        }}
        pageLink={(page) => membershipsQuery.toSearch(query, { page })}
      >
        <ListTable caption="Memberships" columns={membershipColumns}>
          {list.memberships.map((membership) => (
            <MembershipRow
              key={membership.subscriptionItemId}
              membership={membership}
              back={`/admin/memberships${membershipsQuery.toSearch(query)}`}
            />
          ))}
        </ListTable>
      </ListBody>
    </div>
  );
}
