import { Link } from "react-router";
import type { Route } from "~/routes/+types/admin.reports";
import { orderKindLabels } from "~core/admin/orders-query";
import { type InsightTable, periodSearch } from "~core/insight";
import { formatMoney } from "~core/money";
import { Card } from "./Card";
import { FiguresTable, PeriodChoice, PeriodLine } from "./InsightParts";
import { ShopTime } from "./shop-time";

type ReportData = Route.ComponentProps["loaderData"];
type SourceRow = ReportData["report"]["affiliates"][number];

const reportPath = "/admin/reports";

function sourcesTable(
  title: string,
  first: string,
  rows: Array<SourceRow & { name?: string }>,
): InsightTable {
  return {
    key: "affiliates",
    title,
    columns: [
      { label: first, kind: "text" },
      { label: "Visits", kind: "count" },
      { label: "Orders", kind: "count" },
      { label: "Net sales", kind: "money" },
      { label: "Average order value", kind: "money" },
    ],
    rows: rows.map((row) => [
      row.name ?? row.key,
      row.visits,
      row.orders,
      row.netCents,
      row.averageOrderCents,
    ]),
  };
}

function SourceOrders({ source }: { source: NonNullable<ReportData["source"]> }) {
  const total = source.orders.reduce((sum, order) => sum + order.netCents, 0);
  const noun = source.grouping === "affiliate" ? "referral id" : "influencer";
  return (
    <Card title={`Orders through ${noun} ${source.key}`}>
      {source.orders.length === 0 ? (
        <p className="text-sm">No order in this period.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-olive-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Orders through {noun} {source.key}
            </caption>
            <thead className="bg-olive-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Placed
                </th>
                <th scope="col" className="px-3 py-2">
                  Customer
                </th>
                <th scope="col" className="px-3 py-2">
                  Kind
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Net sales
                </th>
              </tr>
            </thead>
            <tbody>
              {source.orders.map((order) => (
                <tr key={order.id} className="border-t border-olive-100">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link
                      to={`/admin/orders/${order.id}`}
                      className="font-semibold text-olive-900 underline underline-offset-4"
                    >
                      {order.id}
                    </Link>
                  </th>
                  <td className="px-3 py-2">
                    <ShopTime at={new Date(order.createdAt)} />
                  </td>
                  <td className="px-3 py-2 break-all">{order.email}</td>
                  <td className="px-3 py-2">{orderKindLabels[order.kind]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(order.netCents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-olive-200 font-semibold">
                <th scope="row" colSpan={4} className="px-3 py-2 text-left">
                  {source.orders.length} {source.orders.length === 1 ? "order" : "orders"}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}

export function SourcesReport({ period, refused, report, source }: ReportData) {
  const search = periodSearch(period);
  const link = (grouping: "affiliate" | "influencer", key: string) =>
    `${reportPath}${search}&${grouping}=${encodeURIComponent(key)}`;
  const influencerKeys = new Map(report.influencers.map((row) => [row.name, row.key]));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Referral and influencer report</h1>
        <Link
          to={`/admin${search}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          Back to the home
        </Link>
      </div>
      <PeriodChoice path={reportPath} period={period} refused={refused} />
      <PeriodLine period={period} compared={false} />
      {source ? <SourceOrders source={source} /> : null}
      <Card title="Referral ids">
        <FiguresTable
          table={sourcesTable("Referral ids", "Referral id", report.affiliates)}
          empty="No visit or order came through a referral link in this period."
          linkCell={(row) => link("affiliate", String(row[0]))}
        />
        <p className="mt-2 text-xs text-ink/75">
          Visits are sessions that opened a page with ?ref= or ?affiliate=; orders and net sales are
          those of orders placed with the referral id, renewals included. Choose an id to see its
          orders.
        </p>
      </Card>
      <Card title="Influencers">
        <FiguresTable
          table={sourcesTable("Influencers", "Influencer", report.influencers)}
          empty="No visit or order came through an influencer in this period."
          linkCell={(row) =>
            link("influencer", influencerKeys.get(String(row[0])) ?? String(row[0]))
          }
        />
        <p className="mt-2 text-xs text-ink/75">
          Visits are sessions that saw the influencer's page; orders are those placed with the
          influencer's code.
        </p>
      </Card>
    </div>
  );
}
