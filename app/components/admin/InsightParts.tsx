/**
 * What the home and the reports share: the choice of period (links for the usual ones, a form
 * for custom days, both working without scripts), and tables of figures with their CSV download.
 */
import { Form, Link } from "react-router";
import { filterDayBounds } from "~core/admin/days";
import {
  formatDayRange,
  formatPercent,
  type InsightPeriod,
  type InsightTable,
  type RangeChoice,
  rangeChoices,
} from "~core/insight";
import { formatMoney } from "~core/money";
import { fieldClass } from "./ListParts";

const presets = (Object.keys(rangeChoices) as RangeChoice[]).filter(
  (choice) => choice !== "custom",
);

function DayField({
  label,
  name,
  value,
  refused,
}: {
  label: string;
  name: "from" | "to";
  value: string;
  refused: boolean;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <input
        type="date"
        name={name}
        defaultValue={value}
        min={filterDayBounds.first}
        max={filterDayBounds.last}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? "period-error" : undefined}
        className={fieldClass}
      />
    </label>
  );
}

export function PeriodChoice({
  path,
  period,
  refused,
}: {
  path: string;
  period: InsightPeriod;
  refused: { message: string; typed: { from: string; to: string } } | null;
}) {
  const custom = refused?.typed ?? period.current;
  return (
    <div className="grid gap-3 rounded-xl border border-olive-200 bg-cream p-4 lg:grid-cols-[1fr_auto] lg:items-end">
      <nav aria-label="Period">
        <p className="mb-2 text-sm font-semibold">Period</p>
        <ul className="flex flex-wrap gap-2">
          {presets.map((choice) => {
            const current = !refused && period.choice === choice;
            return (
              <li key={choice}>
                <Link
                  to={`${path}?range=${choice}`}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                    current
                      ? "border-olive-800 bg-olive-800 text-cream"
                      : "border-olive-200 bg-white text-olive-950 hover:bg-olive-100"
                  }`}
                >
                  {rangeChoices[choice].label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" action={path} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="range" value="custom" />
        <DayField label="From" name="from" value={custom.from} refused={refused !== null} />
        <DayField label="To" name="to" value={custom.to} refused={refused !== null} />
        <button type="submit" className="btn-primary">
          Show these days
        </button>
      </Form>
      {refused ? (
        <p
          id="period-error"
          role="alert"
          className="text-sm font-semibold text-red-800 lg:col-span-2"
        >
          {refused.message}. Showing the last 30 days meanwhile.
        </p>
      ) : null}
    </div>
  );
}

/** What a period's page says it shows: the days, and the ones it is compared with. */
export function PeriodLine({ period, compared }: { period: InsightPeriod; compared: boolean }) {
  return (
    <p className="text-sm text-ink/80">
      {formatDayRange(period.current)}
      {compared ? <> · compared with {formatDayRange(period.previous)}</> : null}
    </p>
  );
}

function cellText(value: string | number | null, kind: InsightTable["columns"][number]["kind"]) {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  if (kind === "money") return formatMoney(value);
  if (kind === "percent") return formatPercent(value);
  return String(value);
}

/** A table of figures, its caption its title, with the download of the same rows as CSV. */
export function FiguresTable({
  table,
  csvHref,
  empty,
  linkCell,
  tall = false,
}: {
  table: InsightTable;
  /** Many rows: the table scrolls within the height of its chart. */
  tall?: boolean;
  csvHref?: string;
  empty: string;
  /** A link for a row's first cell, when it leads somewhere. */
  linkCell?: (row: InsightTable["rows"][number]) => string | null;
}) {
  return (
    <div className="space-y-2">
      {/* Scrolls when the screen is narrower than the table: focusable, to scroll by keyboard. */}
      <section
        aria-label={`${table.title} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus to be scrolled by keyboard
        tabIndex={0}
        className={`overflow-auto rounded-lg border border-olive-200 bg-white ${tall ? "max-h-80" : ""}`}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{table.title}</caption>
          <thead className="bg-olive-100">
            <tr>
              {table.columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${column.kind === "text" ? "" : "text-right"}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="px-3 py-3 text-ink/80">
                  {empty}
                </td>
              </tr>
            ) : (
              table.rows.map((row) => (
                <tr key={row.map(String).join("|")} className="border-t border-olive-100">
                  {row.map((value, index) => {
                    const column = table.columns[index];
                    const text = cellText(value, column?.kind ?? "text");
                    const href = index === 0 ? linkCell?.(row) : null;
                    const Cell = index === 0 ? "th" : "td";
                    return (
                      <Cell
                        key={column?.label ?? index}
                        scope={index === 0 ? "row" : undefined}
                        className={`px-3 py-2 ${index === 0 ? "font-normal" : "text-right tabular-nums"}`}
                      >
                        {href ? (
                          <Link
                            to={href}
                            className="font-semibold text-olive-900 underline underline-offset-4"
                          >
                            {text}
                          </Link>
                        ) : (
                          text
                        )}
                      </Cell>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {csvHref ? (
        <a
          href={csvHref}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          Download {table.title.toLowerCase()} (CSV)
        </a>
      ) : null}
    </div>
  );
}
