/**
 * The home's charts, drawn by Recharts, which only the back office's home loads. Each shows what
 * the table beside it says, so the charts are hidden from screen readers and take no focus.
 */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { Route } from "~/routes/+types/admin._index";
import { formatMoney } from "~core/money";

type Charts = Route.ComponentProps["loaderData"]["charts"];

const olive = "#55612f";
const gold = "#a8822f";
const axisTick = { fontSize: 12, fill: "#1a200f" };

function ChartFrame({ height, children }: { height: number; children: React.ReactNode }) {
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      {children}
    </div>
  );
}

const dollars = (cents: number) => formatMoney(Math.round(cents / 100) * 100);

export function SalesChart({ daily }: { daily: Charts["daily"] }) {
  const data = daily.map((day) => ({ day: day.day.slice(5), net: day.netCents }));
  return (
    <ChartFrame height={260}>
      <BarChart
        responsive
        accessibilityLayer={false}
        data={data}
        style={{ width: "100%", height: "100%" }}
        margin={{ left: 8, right: 8 }}
      >
        <CartesianGrid stroke="#d9dfc2" vertical={false} />
        <XAxis dataKey="day" tick={axisTick} minTickGap={16} />
        <YAxis tickFormatter={dollars} tick={axisTick} width={64} />
        <Tooltip formatter={(value) => formatMoney(Number(value))} />
        <Bar dataKey="net" name="Net sales" fill={olive} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

/** Bars across, one per named row: the funnel's steps, the top items. */
function BarsAcross({
  rows,
  name,
  fill,
  format,
  labelWidth,
}: {
  rows: Array<{ label: string; value: number }>;
  name: string;
  fill: string;
  format?: (value: number) => string;
  labelWidth: number;
}) {
  return (
    <ChartFrame height={Math.max(160, rows.length * 36 + 40)}>
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={rows}
        style={{ width: "100%", height: "100%" }}
        margin={{ left: 8, right: 16 }}
      >
        <CartesianGrid stroke="#d9dfc2" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickFormatter={format} tick={axisTick} />
        <YAxis type="category" dataKey="label" tick={axisTick} width={labelWidth} />
        <Tooltip formatter={(value) => (format ? format(Number(value)) : String(value))} />
        <Bar dataKey="value" name={name} fill={fill} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function FunnelChart({ funnel }: { funnel: Charts["funnel"] }) {
  const rows = funnel.map((row) => ({ label: row.label, value: row.sessions }));
  return <BarsAcross rows={rows} name="Sessions" fill={gold} labelWidth={120} />;
}

export function ItemsChart({ items }: { items: Charts["items"] }) {
  const rows = items.map((item) => ({ label: item.itemName, value: item.grossCents }));
  return (
    <BarsAcross rows={rows} name="Gross sales" fill={olive} format={dollars} labelWidth={150} />
  );
}
