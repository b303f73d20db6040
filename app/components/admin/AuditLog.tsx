import { Form, Link } from "react-router";
import type { Route } from "~/routes/+types/admin.audit";
import {
  type AuditEntryView,
  auditActionLabel,
  auditFields,
  storedState,
} from "~core/admin/audit-entry";
import {
  type AuditQuery,
  type AuditQueryParam,
  auditQueryToSearch,
  auditTextMaxLength,
  isAuditFiltered,
  type ParsedAuditQuery,
} from "~core/admin/audit-query";
import type { DayErrors } from "~core/admin/days";
import { type AuditAction, auditActionLabels } from "~core/audit-actions";
import { DayField } from "./Field";
import { type Column, FormActions, fieldClass, ListTable } from "./ListParts";
import { ShopTime, useShopTimeZone } from "./shop-time";

/** What the audit log's loader sends: the query as read, the page of entries, the actions. */
type LoaderData = Route.ComponentProps["loaderData"];

const paramLabels: Record<ParsedAuditQuery["ignored"][number], string> = {
  actor: "who",
  action: "action",
  subject: "subject",
  before: "page",
  after: "page",
};

const auditColumns: Column[] = ["When", "Who", "What", "Subject", "Before → after"].map(
  (label) => ({ label }),
);

function SearchInput({
  label,
  name,
  value,
  placeholder,
}: {
  label: string;
  name: AuditQueryParam;
  value: string | null;
  placeholder: string;
}) {
  return (
    <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold">
      {label}
      <input
        type="search"
        name={name}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={auditTextMaxLength}
        className={fieldClass}
      />
    </label>
  );
}

function Filters({
  query,
  dayErrors,
  actions,
}: {
  query: AuditQuery;
  dayErrors: DayErrors;
  actions: AuditAction[];
}) {
  const choices =
    query.action && !actions.includes(query.action) ? [query.action, ...actions] : actions;
  return (
    <Form
      method="get"
      className="grid grid-cols-2 gap-3 rounded-xl border border-olive-200 bg-cream p-4 lg:grid-cols-6"
    >
      <SearchInput
        label="Who (e-mail)"
        name="actor"
        value={query.actor}
        placeholder="A part of the e-mail"
      />
      <label className="col-span-2 flex flex-col gap-1 text-sm font-semibold">
        Action
        <select name="action" defaultValue={query.action ?? ""} className={fieldClass}>
          <option value="">Every action</option>
          {choices.map((action) => (
            <option key={action} value={action}>
              {auditActionLabels[action]}
            </option>
          ))}
        </select>
      </label>
      <SearchInput
        label="Subject"
        name="subject"
        value={query.subject}
        placeholder="An order number"
      />
      <DayField label="From" name="from" value={query.from} refused={dayErrors.from} />
      <DayField label="To" name="to" value={query.to} refused={dayErrors.to} />
      <FormActions
        clearTo="/admin/audit"
        clearLabel="Clear filters"
        submitLabel="Apply filters"
        className="col-span-2 items-end lg:col-span-4"
      />
    </Form>
  );
}

function State({
  label,
  state,
  subjectType,
}: {
  label: string;
  state: Record<string, unknown> | null;
  subjectType: string;
}) {
  const timeZone = useShopTimeZone();
  const fields = auditFields(state, { subjectType, timeZone });
  return (
    <span className="block">
      <span className="sr-only">{label}: </span>
      {fields.length > 0 ? fields.map((field) => `${field.label}: ${field.value}`).join(", ") : "—"}
    </span>
  );
}

function Change({ entry }: { entry: AuditEntryView }) {
  if (!entry.before && !entry.after) return <span className="text-ink/70">No change recorded</span>;
  const subjectType = entry.subject.type;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 wrap-anywhere">
      <State label="Before" state={entry.before} subjectType={subjectType} />
      <span aria-hidden="true">→</span>
      <State label="After" state={entry.after} subjectType={subjectType} />
    </span>
  );
}

function Subject({ subject }: { subject: AuditEntryView["subject"] }) {
  return (
    <>
      {subject.href ? (
        <Link
          to={subject.href}
          className="inline-flex min-h-11 items-center font-semibold text-olive-900 underline underline-offset-4 sm:min-h-0"
        >
          {subject.name}
        </Link>
      ) : (
        <span className="block font-semibold wrap-anywhere">{subject.name}</span>
      )}
      {subject.person ? (
        <span className="block wrap-anywhere text-ink/75">
          {subject.person.name === subject.name ? "" : `${subject.person.name} · `}
          {subject.person.email}
        </span>
      ) : null}
    </>
  );
}

/** What was recorded, as it was: the ids behind the names and the stored states. */
function Details({ entry }: { entry: AuditEntryView }) {
  const recorded: Array<[label: string, value: string]> = [
    ["Entry", String(entry.id)],
    ["Action", entry.action],
    ["Actor id", entry.actor.id],
    ["Subject", `${entry.subject.type} ${entry.subject.id}`],
  ];
  return (
    <details className="mt-2">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-olive-900 underline underline-offset-4 sm:min-h-0">
        Details
      </summary>
      <dl className="mt-2 grid gap-1 rounded-lg bg-white/70 p-3 text-xs">
        {recorded.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{label}</dt>
            <dd className="font-mono wrap-anywhere">{value}</dd>
          </div>
        ))}
        {(
          [
            ["Before, as stored", entry.before],
            ["After, as stored", entry.after],
          ] as const
        ).map(([label, state]) => (
          <div key={label}>
            <dt className="font-semibold">{label}</dt>
            <dd>
              <pre className="font-mono whitespace-pre-wrap wrap-anywhere">
                {storedState(state)}
              </pre>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function EntryRow({ entry }: { entry: AuditEntryView }) {
  return (
    <tr className="grid gap-1 border-b border-olive-200 px-4 py-3 text-sm sm:table-row sm:p-0">
      <td className="text-ink/80 sm:px-4 sm:py-3 sm:align-top">
        <ShopTime at={entry.at} />
      </td>
      <td className="sm:px-4 sm:py-3 sm:align-top">
        <span className="block font-semibold">{entry.actor.name}</span>
        <span className="block wrap-anywhere text-ink/75">{entry.actor.email}</span>
      </td>
      <td className="font-semibold sm:px-4 sm:py-3 sm:align-top">
        {auditActionLabel(entry.action)}
      </td>
      <td className="sm:px-4 sm:py-3 sm:align-top">
        <Subject subject={entry.subject} />
      </td>
      <td className="sm:px-4 sm:py-3 sm:align-top">
        <Change entry={entry} />
        <Details entry={entry} />
      </td>
    </tr>
  );
}

function Pages({ query, page }: { query: AuditQuery; page: LoaderData["page"] }) {
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
  dayErrors,
  page,
  actions,
  loading,
}: LoaderData & { loading: boolean }) {
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
      <Filters query={query} dayErrors={dayErrors} actions={actions} />
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
