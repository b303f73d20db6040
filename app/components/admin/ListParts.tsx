import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { listPageSize, type PageInList, searchMaxLength } from "~core/admin/list-query";

/** The back office's text fields and selects. */
export const fieldClass =
  "min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3 py-2 text-base text-ink focus:border-olive-800 focus:ring-2 focus:ring-gold-500/40 focus:outline-none";

/** A list's search box, for its `q` parameter. */
export function SearchField({
  label,
  placeholder,
  value,
  className,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  className?: string;
}) {
  return (
    <label className={`flex flex-col gap-1 text-sm font-semibold ${className ?? ""}`}>
      {label}
      <input
        type="search"
        name="q"
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={searchMaxLength}
        className={fieldClass}
      />
    </label>
  );
}

/** A list form's buttons: the way back to the list without its filters, and the submit. */
export function FormActions({
  clearTo,
  clearLabel,
  submitLabel,
  className,
}: {
  clearTo: string;
  clearLabel: string;
  submitLabel: string;
  className?: string;
}) {
  return (
    <div className={`flex items-center justify-end gap-3 ${className ?? ""}`}>
      <Link
        to={clearTo}
        className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-olive-900 underline underline-offset-4"
      >
        {clearLabel}
      </Link>
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </div>
  );
}

/** A status (an order's, a membership's) as a small pill. */
export function StatusBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex rounded-full bg-olive-100 px-2.5 py-0.5 text-xs font-semibold text-olive-950">
      {children}
    </span>
  );
}

/**
 * The title of a list, and the parameters of its address that could not be used: `q` is
 * called the search, every other by its own name unless `paramNames` gives another.
 */
export function ListHeading({
  title,
  ignored,
  paramNames = {},
  action,
}: {
  title: string;
  ignored: string[];
  paramNames?: Record<string, string>;
  /** What the list offers beside its title: 'Export CSV'. */
  action?: ReactNode;
}) {
  const names = ignored.map((name) => paramNames[name] ?? (name === "q" ? "search" : name));
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        {action}
      </div>
      {ignored.length > 0 ? (
        <p role="alert" className="rounded-lg bg-gold-200 px-4 py-3 text-sm text-ink">
          Some values in the address could not be used and were ignored: {names.join(", ")}.
        </p>
      ) : null}
    </>
  );
}

/** The download of a list as a CSV file, beside its title. */
export function ExportLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      className="inline-flex min-h-11 items-center rounded-lg border border-olive-200 bg-cream px-4 text-sm font-semibold text-olive-950 hover:bg-olive-100"
    >
      Export CSV
    </a>
  );
}

/** A list's form of filters and search, sent in the address (`method="get"`). */
export function ListForm({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Form
      method="get"
      className={`grid gap-3 rounded-xl border border-olive-200 bg-cream p-4 ${className}`}
    >
      {children}
    </Form>
  );
}

export interface StatusTab<Status extends string = string> {
  /** `null`: the tab of every status. */
  status: Status | null;
  label: string;
  count: number;
  to: string;
  current: boolean;
}

/** A tab for every status and one for all of them, each with its count and link. */
export function statusTabs<Status extends string>({
  statuses,
  labels,
  counts,
  current,
  linkTo,
}: {
  statuses: readonly Status[];
  labels: Record<Status, string>;
  counts: Record<Status, number>;
  current: Status | null;
  linkTo: (status: Status | null) => string;
}): StatusTab<Status>[] {
  const all = statuses.reduce((sum, status) => sum + counts[status], 0);
  return [
    { status: null, label: "All", count: all, to: linkTo(null), current: current === null },
    ...statuses.map((status) => ({
      status,
      label: labels[status],
      count: counts[status],
      to: linkTo(status),
      current: status === current,
    })),
  ];
}

function TabLink({ tab }: { tab: StatusTab }) {
  return (
    <Link
      to={tab.to}
      aria-current={tab.current ? "page" : undefined}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
        tab.current
          ? "border-olive-800 bg-olive-800 text-cream"
          : "border-olive-200 bg-cream text-olive-950 hover:bg-olive-100"
      }`}
    >
      {tab.label}
      <span className={tab.current ? "text-cream/85" : "text-ink/70"}>{tab.count}</span>
    </Link>
  );
}

/**
 * The tabs past the everyday ones, behind 'More' (a disclosure, so it opens without scripts);
 * open when the current tab is one of them. Open, it takes a line of its own.
 */
function MoreTabs({ tabs }: { tabs: StatusTab[] }) {
  return (
    <li className="has-open:basis-full">
      <details open={tabs.some((tab) => tab.current)} className="group">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-olive-200 bg-cream px-4 text-sm font-semibold text-olive-950 hover:bg-olive-100 [&::-webkit-details-marker]:hidden">
          More
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <ul className="mt-2 flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.label}>
              <TabLink tab={tab} />
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** Links to the list at each status, with the number each would show; `more` behind 'More'. */
export function StatusTabs({
  label,
  tabs,
  more = [],
}: {
  label: string;
  tabs: StatusTab[];
  more?: StatusTab[];
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-start gap-2">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <TabLink tab={tab} />
          </li>
        ))}
        {more.length > 0 ? <MoreTabs tabs={more} /> : null}
      </ul>
    </nav>
  );
}

export interface Column {
  label: string;
  /** Its alignment from the phone's width up: `text-right`. */
  className?: string;
  /** Named for screen readers only (a column of buttons). */
  hidden?: boolean;
}

/** A list's table: on a phone each row is a card and the headings are read, not shown. */
export function ListTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <table className="w-full border-collapse text-ink">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-olive-200">
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={`px-4 py-3 text-left text-xs font-semibold tracking-wide text-ink/70 uppercase ${column.className ?? ""}`}
            >
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A list table's row: a card of two columns on a phone, a table row from there up. */
export const listRowClass =
  "grid grid-cols-2 gap-x-4 gap-y-1 border-b border-olive-200 px-4 py-3 sm:table-row sm:p-0";

/** A cell whose column heading is hidden on a phone, where its label goes before the value. */
export function LabelledCell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={`text-sm sm:px-4 sm:py-3 ${className ?? ""}`}>
      <span className="font-normal text-ink/70 sm:hidden">{label}: </span>
      {children}
    </td>
  );
}

/** What a list page is given: its query as read from the address, and the page of the list. */
export interface PageOfList extends PageInList {
  /** Rows on this page. */
  shown: number;
}

/** Where the page stands in the list, with links to the previous and the next page. */
function Pagination({
  list,
  noun,
  pageLink,
}: {
  list: PageOfList;
  /** What the rows are, in the plural: 'orders'. */
  noun: string;
  pageLink: (page: number) => string;
}) {
  const first = (list.page - 1) * listPageSize + 1;
  const last = Math.min(list.page * listPageSize, list.total);
  const linkClass =
    "inline-flex min-h-11 items-center rounded-lg border border-olive-200 bg-cream px-4 text-sm font-semibold text-olive-950 hover:bg-olive-100";
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink/80"
    >
      <p>
        {list.shown > 0
          ? `Showing ${first}–${last} of ${list.total} ${noun}`
          : `Page ${list.page} is past the last page`}{" "}
        · Page {list.page} of {list.pageCount}
      </p>
      <div className="flex gap-2">
        {list.page > 1 ? (
          <Link to={pageLink(Math.min(list.page - 1, list.pageCount))} className={linkClass}>
            Previous page
          </Link>
        ) : null}
        {list.page < list.pageCount ? (
          <Link to={pageLink(list.page + 1)} className={linkClass}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A list with nothing to show: why, and the way back to the whole list when it was filtered. */
function EmptyList({
  noun,
  filtered,
  texts,
}: {
  noun: string;
  filtered: boolean;
  texts: EmptyTexts;
}) {
  const [title, hint] = filtered ? texts.filtered : texts.none;
  return (
    <div className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-2 text-ink/75">{hint}</p>
      {filtered ? (
        <Link to={texts.showAll} className="btn-primary mt-6 inline-flex">
          Show all {noun}
        </Link>
      ) : null}
    </div>
  );
}

/** What an empty list says: its title and hint, with and without filters. */
export interface EmptyTexts {
  none: [title: string, hint: string];
  filtered: [title: string, hint: string];
  /** The list without its filters. */
  showAll: string;
}

/**
 * A list's body, dimmed and announced while the next page loads: the empty state when nothing
 * matches, otherwise the table of rows (none on a page past the end) and the pages.
 */
export function ListBody({
  list,
  noun,
  loading,
  filtered,
  empty,
  pageLink,
  children,
}: {
  list: PageOfList;
  /** What the rows are, in the plural: 'orders'. */
  noun: string;
  loading: boolean;
  filtered: boolean;
  empty: EmptyTexts;
  pageLink: (page: number) => string;
  children: ReactNode;
}) {
  return (
    <>
      <p role="status" className={loading ? "text-sm font-semibold text-olive-900" : "sr-only"}>
        {loading ? `Loading ${noun}…` : ""}
      </p>
      <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
        {list.total === 0 && list.shown === 0 ? (
          <EmptyList noun={noun} filtered={filtered} texts={empty} />
        ) : (
          <div className="space-y-4">
            {list.shown > 0 ? (
              <div className="overflow-hidden rounded-xl border border-olive-200 bg-cream">
                {children}
              </div>
            ) : null}
            <Pagination list={list} noun={noun} pageLink={pageLink} />
          </div>
        )}
      </div>
    </>
  );
}
