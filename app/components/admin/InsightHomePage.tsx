import { Link } from "react-router";
import type { Route } from "~/routes/+types/admin._index";
import {
  changeOf,
  type FigureKey,
  figureDefinitions,
  formatPercent,
  type InsightTableKey,
  periodSearch,
} from "~core/insight";
import { formatMoney } from "~core/money";
import { Card } from "./Card";
import { FunnelChart, ItemsChart, SalesChart } from "./InsightCharts";
import { FiguresTable, PeriodChoice, PeriodLine } from "./InsightParts";

type HomeData = Route.ComponentProps["loaderData"];

const homePath = "/admin";

interface Figure {
  key: FigureKey;
  current: number | null;
  previous: number | null;
  format: (value: number) => string;
  /** Rates are compared by their values, not by a percentage of a percentage. */
  rate?: boolean;
}

const count = (value: number) => String(value);

/** The sales broken down by what brought them, each a table alone. */
const salesTables: Array<{ key: InsightTableKey; empty: string }> = [
  { key: "promotions", empty: "No order used a promotion in this period." },
  { key: "influencers", empty: "No order used an influencer's code in this period." },
  { key: "affiliates", empty: "No order came through a referral link in this period." },
];
const rate = (value: number) => formatPercent(value);

function FigureCard({ figure }: { figure: Figure }) {
  const { label, help } = figureDefinitions[figure.key];
  const change = figure.rate ? null : changeOf(figure.current, figure.previous);
  const shown = (value: number | null) => (value === null ? "—" : figure.format(value));
  return (
    <div className="rounded-xl border border-olive-200 bg-cream p-4">
      <dt className="text-sm font-semibold text-ink/80">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-olive-950 tabular-nums">
        {shown(figure.current)}
      </dd>
      <dd className="mt-1 text-sm text-ink/80">
        Previous period: {shown(figure.previous)}
        {change?.percent != null ? ` (${formatPercent(change.percent / 100, true)})` : null}
      </dd>
      <dd className="mt-2 text-xs text-ink/75">{help}</dd>
    </div>
  );
}

function NeedsAttention({
  awaitingFulfilment,
  lowStock,
}: Pick<HomeData, "awaitingFulfilment" | "lowStock">) {
  const orders = awaitingFulfilment.unfulfilled + awaitingFulfilment.processing;
  const nothing = orders === 0 && lowStock.length === 0;
  return (
    <section
      aria-labelledby="attention"
      className="rounded-xl border border-gold-500 bg-gold-200/40 p-4 sm:p-5"
    >
      <h2 id="attention" className="text-xl">
        Needs attention
      </h2>
      {nothing ? (
        <p className="mt-2 text-sm">
          Every order has been sent and every bottle is above its low-stock level.
        </p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {awaitingFulfilment.unfulfilled > 0 ? (
            <li>
              <Link
                to="/admin/orders?fulfilment=unfulfilled"
                className="font-semibold text-olive-900 underline underline-offset-4"
              >
                {awaitingFulfilment.unfulfilled}{" "}
                {awaitingFulfilment.unfulfilled === 1 ? "order" : "orders"} to fulfil
              </Link>
            </li>
          ) : null}
          {awaitingFulfilment.processing > 0 ? (
            <li>
              <Link
                to="/admin/orders?fulfilment=processing"
                className="font-semibold text-olive-900 underline underline-offset-4"
              >
                {awaitingFulfilment.processing}{" "}
                {awaitingFulfilment.processing === 1 ? "order" : "orders"} being prepared
              </Link>
            </li>
          ) : null}
          {lowStock.map((bottle) => (
            <li key={bottle.bottleId}>
              <Link
                to="/admin/stock"
                className="font-semibold text-olive-900 underline underline-offset-4"
              >
                {bottle.name}: {bottle.sellable} {bottle.sellable === 1 ? "bottle" : "bottles"} left
              </Link>{" "}
              (low-stock level {bottle.lowStockThreshold})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function InsightHomePage(home: HomeData) {
  const { sales, customers, memberships, conversion, period, tables, charts } = home;
  const money = formatMoney;
  /** A figure of both periods, read from the current and the previous figures by `read`. */
  function compared<Figures>(
    key: FigureKey,
    pair: { current: Figures; previous: Figures },
    read: (figures: Figures) => number | null,
    format: (value: number) => string,
  ): Figure {
    return { key, current: read(pair.current), previous: read(pair.previous), format };
  }
  const figures: Figure[] = [
    compared("totalSales", sales, (f) => f.totalCents, money),
    compared("netSales", sales, (f) => f.netCents, money),
    compared("orders", sales, (f) => f.orders, count),
    compared("averageOrder", sales, (f) => f.averageOrderCents, money),
    compared("newCustomers", customers, (f) => f.newCustomers, count),
    compared("returningCustomers", customers, (f) => f.returningCustomers, count),
    compared("activeMemberships", memberships, (f) => f.active, count),
    compared("mrr", memberships, (f) => f.mrrCents, money),
    { ...compared("churn", memberships, (f) => f.churn, rate), rate: true },
    { ...compared("conversion", conversion, (f) => f, rate), rate: true },
  ];
  const breakdown: Figure[] = [
    compared("grossSales", sales, (f) => f.grossCents, money),
    compared("discounts", sales, (f) => f.discountCents, money),
    compared("refunds", sales, (f) => f.refundedCents, money),
    compared("netSales", sales, (f) => f.netCents, money),
    compared("shipping", sales, (f) => f.shippingCents, money),
    compared("taxes", sales, (f) => f.taxCents, money),
    compared("totalSales", sales, (f) => f.totalCents, money),
  ];
  const search = periodSearch(period);
  const csv = (key: InsightTableKey) => `/admin/insight.csv${search}&table=${key}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Home</h1>
        <Link
          to={`/admin/reports${search}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          Referral and influencer report
        </Link>
      </div>
      <NeedsAttention awaitingFulfilment={home.awaitingFulfilment} lowStock={home.lowStock} />
      <PeriodChoice path={homePath} period={period} refused={home.refused} />
      <PeriodLine period={period} compared />
      <section aria-labelledby="figures">
        <h2 id="figures" className="sr-only">
          Figures of the period
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
          {figures.map((figure) => (
            <FigureCard key={figure.key} figure={figure} />
          ))}
        </dl>
      </section>
      <Card title="Sales">
        <div className="grid gap-4 lg:grid-cols-2">
          <SalesChart daily={charts.daily} />
          <FiguresTable
            tall
            table={tables.sales}
            csvHref={csv("sales")}
            empty="No sales in this period."
          />
        </div>
        <details className="mt-4">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">
            How net and total sales are made
          </summary>
          <dl className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {breakdown.map((figure) => (
              <FigureCard key={`breakdown-${figure.key}`} figure={figure} />
            ))}
          </dl>
        </details>
      </Card>
      <Card title="Funnel">
        <div className="grid gap-4 lg:grid-cols-2">
          <FunnelChart funnel={charts.funnel} />
          <FiguresTable
            table={tables.funnel}
            csvHref={csv("funnel")}
            empty="No sessions in this period."
          />
        </div>
        <p className="mt-2 text-xs text-ink/75">
          A session is one anonymous visitor on one day of the shop's calendar; each step counts the
          sessions that reached it. Visitors whose browser asks not to be tracked are not counted.
        </p>
      </Card>
      <Card title="Top items">
        <div className="grid gap-4 lg:grid-cols-2">
          <ItemsChart items={charts.items} />
          <FiguresTable
            table={tables.items}
            csvHref={csv("items")}
            empty="No items sold in this period."
          />
        </div>
      </Card>
      {salesTables.map(({ key, empty }) => (
        <Card key={key} title={tables[key].title}>
          <FiguresTable
            table={tables[key]}
            csvHref={csv(key)}
            empty={empty}
            linkCell={
              key === "affiliates"
                ? (row) => `/admin/reports${search}&affiliate=${encodeURIComponent(String(row[0]))}`
                : undefined
            }
          />
        </Card>
      ))}
    </div>
  );
}
