/**
 * Reading the audit log, newest first, a page of entries at a time: each page starts before
 * (or after) an entry of the page next to it, so a page deep in a long log costs what the first
 * one does, and entries recorded meanwhile do not shift the pages.
 */
import { and, asc, desc, gte, ilike, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AuditEntryView, AuditPerson, AuditSubject } from "~core/admin/audit-entry";
import { type AuditQuery, auditPageSize } from "~core/admin/audit-query";
import { customerHref } from "~core/admin/customers";
import { createdBetween } from "~core/admin/days";
import { type AuditAction, auditActionOf, recordedNamesOf } from "~core/audit-actions";
import { settingSubjectNames } from "~core/settings";
import type { Database } from "../db/client.server";
import { auditLog, orders, staffInvitations, users } from "../db/schema.server";
import { heldMemberships } from "./memberships.server";
import { escapeLikePattern } from "./orders-inbox.server";
import { displayName } from "./staff-members.server";

type AuditEntryRow = typeof auditLog.$inferSelect;

export interface AuditPage {
  entries: AuditEntryView[];
  /** More entries are older than the last one shown. */
  hasOlder: boolean;
  /** More entries are newer than the first one shown. */
  hasNewer: boolean;
}

function auditFilters(query: AuditQuery, timeZone: string): SQL | undefined {
  const { start, end } = createdBetween(query, timeZone);
  return and(
    query.actor ? ilike(auditLog.actorEmail, `%${escapeLikePattern(query.actor)}%`) : undefined,
    query.action ? inArray(auditLog.action, recordedNamesOf(query.action)) : undefined,
    query.subject ? sql`lower(${auditLog.subjectId}) = lower(${query.subject})` : undefined,
    start ? gte(auditLog.at, start) : undefined,
    end ? lt(auditLog.at, end) : undefined,
  );
}

/** The ids of the subjects of `type` among `rows`, each once. */
function subjectIds(rows: AuditEntryRow[], type: string): string[] {
  return [...new Set(rows.filter((row) => row.subjectType === type).map((row) => row.subjectId))];
}

/** The people `ids` name, by account id. */
async function peopleByAccount(db: Database, ids: string[]): Promise<Map<string, AuditPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { name: displayName(row), email: row.email }]));
}

/** The customers of the orders `ids`, by order number. */
async function customersOfOrders(db: Database, ids: string[]): Promise<Map<string, AuditPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, { name: displayName(row), email: row.email }]));
}

/** Who the invitations `ids` were sent to, by invitation id. */
async function invitees(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email })
    .from(staffInvitations)
    .where(inArray(staffInvitations.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Everything the entries name, read at once for a page of them. */
async function namesFor(db: Database, rows: AuditEntryRow[]) {
  const accountIds = [...rows.map((row) => row.actorId), ...subjectIds(rows, "staff")];
  const [people, orderCustomers, invited, held] = await Promise.all([
    peopleByAccount(db, [...new Set(accountIds)]),
    customersOfOrders(db, subjectIds(rows, "order")),
    invitees(db, subjectIds(rows, "staff_invitation")),
    heldMemberships(db, subjectIds(rows, "membership")),
  ]);
  const memberships = new Map(
    held.map((membership) => [membership.subscriptionItemId, membership]),
  );
  return { people, orderCustomers, invited, memberships };
}

type Names = Awaited<ReturnType<typeof namesFor>>;

/** What an entry concerns, named: an order by its number, a person by name and e-mail. */
function subjectOf(row: AuditEntryRow, names: Names): AuditSubject {
  const { subjectType: type, subjectId: id } = row;
  const subject = { type, id, name: id, person: null, href: null };
  switch (type) {
    case "order":
      return {
        ...subject,
        name: `Order ${id}`,
        person: names.orderCustomers.get(id) ?? null,
        href: `/admin/orders/${id}`,
      };
    case "staff": {
      const person = names.people.get(id);
      return person ? { ...subject, name: person.name, person } : subject;
    }
    case "staff_invitation": {
      const email = names.invited.get(id);
      return email ? { ...subject, name: `Invitation to ${email}` } : subject;
    }
    case "membership": {
      const membership = names.memberships.get(id);
      if (!membership) return subject;
      const { holder } = membership;
      return {
        ...subject,
        name: `${membership.plan} membership`,
        person: { name: holder.name || holder.email, email: holder.email },
        href: holder.customerId ? customerHref(holder.customerId) : null,
      };
    }
    case "setting":
      return { ...subject, name: settingSubjectNames[id] ?? id, href: "/admin/settings" };
    case "promotion": {
      const code = row.after?.code ?? row.before?.code;
      return {
        ...subject,
        name: typeof code === "string" ? `Promotion ${code}` : subject.name,
        href: `/admin/promotions/${id}`,
      };
    }
    default:
      return subject;
  }
}

/** A page of entries with the people and things they name; a name gone is shown by what was recorded. */
async function named(db: Database, rows: AuditEntryRow[]): Promise<AuditEntryView[]> {
  const names = await namesFor(db, rows);
  return rows.map((row) => {
    const actor = names.people.get(row.actorId);
    return {
      id: row.id,
      at: row.at,
      action: row.action,
      actor: { id: row.actorId, name: actor?.name ?? row.actorEmail, email: row.actorEmail },
      subject: subjectOf(row, names),
      before: row.before,
      after: row.after,
    };
  });
}

/** The entries older (or newer) than the entry `id`, in the log's order of time, then id. */
function beyond(direction: "older" | "newer", id: number): SQL {
  const entry = sql`(select cursor.at, cursor.id from ${auditLog} as cursor where cursor.id = ${id})`;
  return direction === "older"
    ? sql`(${auditLog.at}, ${auditLog.id}) < ${entry}`
    : sql`(${auditLog.at}, ${auditLog.id}) > ${entry}`;
}

async function anyBeyond(
  db: Database,
  filters: SQL | undefined,
  direction: "older" | "newer",
  entry: AuditEntryView | undefined,
): Promise<boolean> {
  if (!entry) return false;
  const [found] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(filters, beyond(direction, entry.id)))
    .limit(1);
  return found !== undefined;
}

/**
 * The page of entries `query` asks for (its days those of `timeZone`), newest first, and whether
 * there are pages either side.
 */
export async function findAuditEntries(
  db: Database,
  query: AuditQuery,
  timeZone: string,
): Promise<AuditPage> {
  const filters = auditFilters(query, timeZone);
  const readingNewer = query.after !== null;
  const start = query.after ?? query.before;
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(filters, start ? beyond(readingNewer ? "newer" : "older", start) : undefined))
    .orderBy(
      ...(readingNewer
        ? [asc(auditLog.at), asc(auditLog.id)]
        : [desc(auditLog.at), desc(auditLog.id)]),
    )
    .limit(auditPageSize + 1);
  const more = rows.length > auditPageSize;
  const shown = rows.slice(0, auditPageSize);
  const entries = await named(db, readingNewer ? shown.reverse() : shown);
  if (readingNewer) {
    return {
      entries,
      hasNewer: more,
      hasOlder: await anyBeyond(db, filters, "older", entries.at(-1)),
    };
  }
  const hasNewer = start !== null && (await anyBeyond(db, filters, "newer", entries[0]));
  return { entries, hasOlder: more, hasNewer };
}

/** Every action the log holds, for its filter: an action recorded under several names, once. */
export async function recordedActions(db: Database): Promise<AuditAction[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog);
  const actions = rows.flatMap((row) => auditActionOf(row.action) ?? []);
  return [...new Set(actions)].sort();
}
