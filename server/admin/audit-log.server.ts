/**
 * Reading the audit log, newest first, a page of entries at a time: each page starts before
 * (or after) an entry of the page next to it, so a page deep in a long log costs what the first
 * one does, and entries recorded meanwhile do not shift the pages.
 */
import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from "drizzle-orm";
import { type AuditQuery, auditPageSize } from "~/core/admin/audit-query";
import { createdBetween } from "~/core/admin/orders-query";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema.server";
import { escapeLikePattern } from "./orders-inbox.server";

export type AuditEntryRow = typeof auditLog.$inferSelect;

export interface AuditPage {
  entries: AuditEntryRow[];
  /** More entries are older than the last one shown. */
  hasOlder: boolean;
  /** More entries are newer than the first one shown. */
  hasNewer: boolean;
}

function auditFilters(query: AuditQuery): SQL | undefined {
  const { start, end } = createdBetween(query);
  return and(
    query.actor ? ilike(auditLog.actorEmail, `%${escapeLikePattern(query.actor)}%`) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.subject ? sql`lower(${auditLog.subjectId}) = lower(${query.subject})` : undefined,
    start ? gte(auditLog.at, start) : undefined,
    end ? lt(auditLog.at, end) : undefined,
  );
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
  entry: AuditEntryRow | undefined,
): Promise<boolean> {
  if (!entry) return false;
  const [found] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(filters, beyond(direction, entry.id)))
    .limit(1);
  return found !== undefined;
}

/** The page of entries `query` asks for, newest first, and whether there are pages either side. */
export async function findAuditEntries(db: Database, query: AuditQuery): Promise<AuditPage> {
  const filters = auditFilters(query);
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
  const entries = readingNewer ? shown.reverse() : shown;
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

/** Every action the log holds, for its filter. */
export async function recordedActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(asc(auditLog.action));
  return rows.map((row) => row.action);
}
