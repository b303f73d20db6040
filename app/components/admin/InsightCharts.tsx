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

export function FunnelChart({ funnel }: { funnel: Charts["funnel"] }) {
  const data = funnel.map((row) => ({ step: row.label, sessions: row.sessions }));
  return (
    <ChartFrame height={240}>
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={data}
        style={{ width: "100%", height: "100%" }}
        margin={{ left: 8, right: 16 }}
      >
        <CartesianGrid stroke="#d9dfc2" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} />
        <YAxis type="category" dataKey="step" tick={axisTick} width={120} />
        <Tooltip />
        <Bar dataKey="sessions" name="Sessions" fill={gold} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function ItemsChart({ items }: { items: Charts["items"] }) {
  const data = items.map((item) => ({ item: item.itemName, gross: item.grossCents }));
  return (
    <ChartFrame height={Math.max(160, data.length * 32 + 40)}>
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={data}
        style={{ width: "100%", height: "100%" }}
        margin={{ left: 8, right: 16 }}
      >
        <CartesianGrid stroke="#d9dfc2" horizontal={false} />
        <XAxis type="number" tickFormatter={dollars} tick={axisTick} />
        <YAxis type="category" dataKey="item" tick={axisTick} width={150} />
        <Tooltip formatter={(value) => formatMoney(Number(value))} />
        <Bar dataKey="gross" name="Gross sales" fill={olive} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
