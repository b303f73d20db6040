/**
 * The home's tables: what each chart shows, as rows a screen reader reads beside it and a CSV
 * file repeats. One definition serves the page and the download.
 */
import type { CsvValue } from "~core/csv";
import { csvAmount } from "~core/csv";
import { type InsightTable, type InsightTableKey, insightTableTitles } from "~core/insight";
import type { InsightHome } from "./dashboard.server";

type GroupRow = InsightHome["byPromotion"][number];

function salesColumns(first: string) {
  return [
    { label: first, kind: "text" },
    { label: "Orders", kind: "count" },
    { label: "Gross sales", kind: "money" },
    { label: "Discounts", kind: "money" },
    { label: "Net sales", kind: "money" },
    { label: "Average order value", kind: "money" },
  ] as const;
}

function salesCells(name: string, row: GroupRow) {
  return [name, row.orders, row.grossCents, row.discountCents, row.netCents, row.averageOrderCents];
}

/** Every table of the home, by key. */
export function homeTables(home: InsightHome): Record<InsightTableKey, InsightTable> {
  const table = (
    key: InsightTableKey,
    rest: Omit<InsightTable, "key" | "title">,
  ): InsightTable => ({
    key,
    title: insightTableTitles[key],
    ...rest,
  });
  return {
    sales: table("sales", {
      columns: [
        { label: "Day", kind: "text" },
        { label: "Orders", kind: "count" },
        { label: "Net sales", kind: "money" },
        { label: "Total sales", kind: "money" },
      ],
      rows: home.daily.map((day) => [day.day, day.orders, day.netCents, day.totalCents]),
    }),
    funnel: table("funnel", {
      columns: [
        { label: "Step", kind: "text" },
        { label: "Sessions", kind: "count" },
        { label: "From the step before", kind: "percent" },
      ],
      rows: home.funnel.rows.map((row) => [row.label, row.sessions, row.fromPrevious]),
    }),
    items: table("items", {
      columns: [
        { label: "Item", kind: "text" },
        { label: "Units", kind: "count" },
        { label: "Gross sales", kind: "money" },
      ],
      rows: home.topItems.map((item) => [item.itemName, item.units, item.grossCents]),
    }),
    promotions: table("promotions", {
      columns: [...salesColumns("Promotion code")],
      rows: home.byPromotion.map((row) => salesCells(row.key, row)),
    }),
    influencers: table("influencers", {
      columns: [...salesColumns("Influencer")],
      rows: home.byInfluencer.map((row) => salesCells(row.name, row)),
    }),
    affiliates: table("affiliates", {
      columns: [...salesColumns("Referral id")],
      rows: home.byAffiliate.map((row) => salesCells(row.key, row)),
    }),
  };
}

/** A table's cells as CSV values: amounts as decimal numbers, shares as fractions. */
export function csvCells(table: InsightTable): CsvValue[][] {
  return table.rows.map((row) =>
    row.map((cell, index) => {
      if (cell === null || typeof cell === "string") return cell;
      return table.columns[index]?.kind === "money" ? csvAmount(cell) : cell;
    }),
  );
}
