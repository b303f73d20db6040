import { Form, Link } from "react-router";
import { auditActionLabel, auditStatePairs, formatAuditTime } from "~/core/admin/audit-entry";
import {
  type AuditQuery,
  type AuditQueryParam,
  auditQueryToSearch,
  auditTextMaxLength,
  isAuditFiltered,
} from "~/core/admin/audit-query";
import { type Column, FormActions, fieldClass, ListTable } from "./ListParts";

export interface AuditEntry {
  id: number;
  at: Date;
  actorEmail: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  hasOlder: boolean;
  hasNewer: boolean;
}

const paramLabels: Record<AuditQueryParam, string> = {
  actor: "who",
  action: "action",
  subject: "subject",
  from: "from",
  to: "to",
  before: "page",
  after: "page",
};

const auditColumns: Column[] = ["When (UTC)", "Who", "What", "Subject", "Before → after"].map(
  (label) => ({ label }),
);

function FilterInput({
  label,
  name,
  type,
  value,
  placeholder,
  wide = false,
}: {
  label: string;
  name: AuditQueryParam;
  type: "search" | "date";
  value: string | null;
  placeholder?: string;
  wide?: boolean;
}) {
  return (
    <label className={`flex flex-col gap-1 text-sm font-semibold ${wide ? "col-span-2" : ""}`}>
      {label}
      <input
        type={type}
        name={name}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={type === "search" ? auditTextMaxLength : undefined}
        className={fieldClass}
      />
    </label>
  );
}

function Filters({ query, actions }: { query: AuditQuery; actions: string[] }) {
  const choices =
    query.action && !actions.includes(query.action) ? [query.action, ...actions] : actions;
  return (
    <Form
      method="get"
      className="grid grid-cols-2 gap-3 rounded-xl border border-olive-200 bg-cream p-4 lg:grid-cols-6"
    >
      <FilterInput
        label="Who (e-mail)"
        name="actor"
        type="search"
        value={query.actor}
        placeholder="A part of the e-mail"
        wide
      />
      <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold">
        Action
        <select name="action" defaultValue={query.action ?? ""} className={fieldClass}>
          <option value="">Every action</option>
          {choices.map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(action)}
            </option>
          ))}
        </select>
      </label>
      <FilterInput
        label="Subject"
        name="subject"
        type="search"
        value={query.subject}
        placeholder="An order number"
        wide
      />
      <FilterInput label="From" name="from" type="date" value={query.from} />
      <FilterInput label="To" name="to" type="date" value={query.to} />
      <FormActions
        clearTo="/admin/audit"
        clearLabel="Clear filters"
        submitLabel="Apply filters"
        className="col-span-2 items-end lg:col-span-4"
      />
    </Form>
  );
}

function State({ label, state }: { label: string; state: Record<string, unknown> | null }) {
  const pairs = auditStatePairs(state);
  return (
    <span className="block">
      <span className="sr-only">{label}: </span>
      {pairs.length > 0 ? pairs.join(", ") : "—"}
    </span>
  );
}

function Change({ entry }: { entry: AuditEntry }) {
  if (!entry.before && !entry.after) return <span className="text-ink/70">No change recorded</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 wrap-anywhere">
      <State label="Before" state={entry.before} />
      <span aria-hidden="true">→</span>
      <State label="After" state={entry.after} />
    </span>
  );
}

function Subject({ entry }: { entry: AuditEntry }) {
  if (entry.subjectType === "order") {
    return (
      <Link
        to={`/admin/orders/${entry.subjectId}`}
        className="inline-flex min-h-11 items-center font-mono text-olive-900 underline underline-offset-4 sm:min-h-0"
      >
        Order {entry.subjectId}
      </Link>
    );
  }
  return (
    <span className="wrap-anywhere">
      {entry.subjectType}: {entry.subjectId}
    </span>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="grid gap-1 border-b border-olive-200 px-4 py-3 text-sm sm:table-row sm:p-0">
      <td className="text-ink/80 sm:px-4 sm:py-3 sm:whitespace-nowrap">
        {formatAuditTime(entry.at)}
      </td>
      <td className="wrap-break-word sm:px-4 sm:py-3">{entry.actorEmail}</td>
      <td className="sm:px-4 sm:py-3">
        <span className="block font-semibold">{auditActionLabel(entry.action)}</span>
        <span className="block font-mono text-xs text-ink/70">{entry.action}</span>
      </td>
      <td className="sm:px-4 sm:py-3">
        <Subject entry={entry} />
      </td>
      <td className="sm:px-4 sm:py-3">
        <Change entry={entry} />
      </td>
    </tr>
  );
}

function Pages({ query, page }: { query: AuditQuery; page: AuditLogPage }) {
  const first = page.entries[0];
  const last = page.entries.at(-1);
  const linkClass =
    "inline-flex min-h-11 items-center rounded-lg border border-olive-200 bg-cream px-4 text-sm font-semibold text-olive-950 hover:bg-olive-100";
  if (!first || !last || (!page.hasNewer && !page.hasOlder)) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap justify-between gap-3">
      {page.hasNewer ? (
        <Link
          to={auditQueryToSearch(query, { after: first.id, before: null })}
          className={linkClass}
        >
          Newer entries
        </Link>
      ) : null}
      {page.hasOlder ? (
        <Link
          to={auditQueryToSearch(query, { before: last.id, after: null })}
          className={`${linkClass} ml-auto`}
        >
          Older entries
        </Link>
      ) : null}
    </nav>
  );
}

function NoEntries({ query }: { query: AuditQuery }) {
  const filtered = isAuditFiltered(query);
  const paged = query.before !== null || query.after !== null;
  return (
    <div className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-12 text-center">
      <p className="text-lg font-semibold">
        {filtered ? "No entries match these filters" : paged ? "No entries here" : "No entries yet"}
      </p>
      <p className="mt-2 text-ink/75">
        {filtered
          ? "Try another action, a wider date range or a shorter e-mail."
          : "Every action staff take in the back office is listed here as it happens."}
      </p>
      {filtered || paged ? (
        <Link to="/admin/audit" className="btn-primary mt-6 inline-flex">
          Show the newest entries
        </Link>
      ) : null}
    </div>
  );
}

/** The audit log: what staff did, newest first, with filters and pages. */
export function AuditLog({
  query,
  ignored,
  page,
  actions,
  loading,
}: {
  query: AuditQuery;
  ignored: AuditQueryParam[];
  page: AuditLogPage;
  actions: string[];
  loading: boolean;
}) {
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Audit log</h1>
        <p className="max-w-3xl text-ink/80">
          Every action taken in the back office: who took it, when, and what it changed. The log is
          append-only: no one, the owner included, can edit or delete an entry.
        </p>
      </div>
      {ignored.length > 0 ? (
        <p role="alert" className="rounded-lg bg-gold-200 px-4 py-3 text-sm text-ink">
          Some values in the address could not be used and were ignored:{" "}
          {[...new Set(ignored.map((name) => paramLabels[name]))].join(", ")}.
        </p>
      ) : null}
      <Filters query={query} actions={actions} />
      <p role="status" className={loading ? "text-sm font-semibold text-olive-900" : "sr-only"}>
        {loading ? "Loading entries…" : ""}
      </p>
      <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
        {page.entries.length === 0 ? (
          <NoEntries query={query} />
        ) : (
          <div className="space-y-4">
            <div className="overflow-hidden rounded-xl border border-olive-200 bg-cream">
              <ListTable caption="Audit log entries" columns={auditColumns}>
                {page.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </ListTable>
            </div>
            <Pages query={query} page={page} />
          </div>
        )}
      </div>
    </div>
  );
}
