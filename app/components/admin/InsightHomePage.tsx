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
import { FunnelChart, ItemsChart, SalesChart } from "./InsightCharts";
import { FiguresTable, Panel, PeriodChoice, PeriodLine } from "./InsightParts";

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
  const figures: Figure[] = [
    {
      key: "totalSales",
      current: sales.current.totalCents,
      previous: sales.previous.totalCents,
      format: money,
    },
    {
      key: "netSales",
      current: sales.current.netCents,
      previous: sales.previous.netCents,
      format: money,
    },
    {
      key: "orders",
      current: sales.current.orders,
      previous: sales.previous.orders,
      format: count,
    },
    {
      key: "averageOrder",
      current: sales.current.averageOrderCents,
      previous: sales.previous.averageOrderCents,
      format: money,
    },
    {
      key: "newCustomers",
      current: customers.current.newCustomers,
      previous: customers.previous.newCustomers,
      format: count,
    },
    {
      key: "returningCustomers",
      current: customers.current.returningCustomers,
      previous: customers.previous.returningCustomers,
      format: count,
    },
    {
      key: "activeMemberships",
      current: memberships.current.active,
      previous: memberships.previous.active,
      format: count,
    },
    {
      key: "mrr",
      current: memberships.current.mrrCents,
      previous: memberships.previous.mrrCents,
      format: money,
    },
    {
      key: "churn",
      current: memberships.current.churn,
      previous: memberships.previous.churn,
      format: rate,
      rate: true,
    },
    {
      key: "conversion",
      current: conversion.current,
      previous: conversion.previous,
      format: rate,
      rate: true,
    },
  ];
  const breakdown: Figure[] = [
    {
      key: "grossSales",
      current: sales.current.grossCents,
      previous: sales.previous.grossCents,
      format: money,
    },
    {
      key: "discounts",
      current: sales.current.discountCents,
      previous: sales.previous.discountCents,
      format: money,
    },
    {
      key: "refunds",
      current: sales.current.refundedCents,
      previous: sales.previous.refundedCents,
      format: money,
    },
    {
      key: "netSales",
      current: sales.current.netCents,
      previous: sales.previous.netCents,
      format: money,
    },
    {
      key: "shipping",
      current: sales.current.shippingCents,
      previous: sales.previous.shippingCents,
      format: money,
    },
    {
      key: "taxes",
      current: sales.current.taxCents,
      previous: sales.previous.taxCents,
      format: money,
    },
    {
      key: "totalSales",
      current: sales.current.totalCents,
      previous: sales.previous.totalCents,
      format: money,
    },
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
      <Panel title="Sales">
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
      </Panel>
      <Panel title="Funnel">
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
      </Panel>
      <Panel title="Top items">
        <div className="grid gap-4 lg:grid-cols-2">
          <ItemsChart items={charts.items} />
          <FiguresTable
            table={tables.items}
            csvHref={csv("items")}
            empty="No items sold in this period."
          />
        </div>
      </Panel>
      <Panel title="Sales by promotion">
        <FiguresTable
          table={tables.promotions}
          csvHref={csv("promotions")}
          empty="No order used a promotion in this period."
        />
      </Panel>
      <Panel title="Sales by influencer">
        <FiguresTable
          table={tables.influencers}
          csvHref={csv("influencers")}
          empty="No order used an influencer's code in this period."
        />
      </Panel>
      <Panel title="Sales by referral id">
        <FiguresTable
          table={tables.affiliates}
          csvHref={csv("affiliates")}
          empty="No order came through a referral link in this period."
          linkCell={(row) =>
            `/admin/reports${search}&affiliate=${encodeURIComponent(String(row[0]))}`
          }
        />
      </Panel>
    </div>
  );
}
