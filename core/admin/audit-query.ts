/**
 * The back office's audit log as it lives in the URL: its filters, and where in the log a page
 * starts. Read like the orders inbox's query: an unusable value is ignored and reported.
 */
import { z } from "zod";
import { type AuditAction, auditActionOf } from "../audit-actions";
import { type DayErrors, filterDaySchema, type IsoDay, refuseDays } from "./days";
import { type ParamSchemas, querySearch, readParams, withDaysInOrder } from "./url-query";

export const auditPageSize = 50;

export interface AuditQuery {
  /** A part of the actor's e-mail, in any case. */
  actor: string | null;
  /** One action, with the rows recorded under its older names: `order.ready_for_pickup`. */
  action: AuditAction | null;
  /** The subject's id (an order number), in any case. */
  subject: string | null;
  /** The first day shown, inclusive, in the shop's time zone. */
  from: IsoDay | null;
  /** The last day shown, inclusive, in the shop's time zone. */
  to: IsoDay | null;
  /** The page of entries older than this entry's id. */
  before: number | null;
  /** The page of entries newer than this entry's id. */
  after: number | null;
}

export type AuditQueryParam = keyof AuditQuery;

export const defaultAuditQuery: Readonly<AuditQuery> = {
  actor: null,
  action: null,
  subject: null,
  from: null,
  to: null,
  before: null,
  after: null,
};

/** What names where a page starts; any other change goes back to the newest entries. */
const positionParams: AuditQueryParam[] = ["before", "after"];

export const auditTextMaxLength = 100;

const textSchema = z
  .string()
  .transform((text) => text.replace(/\s+/g, " "))
  .pipe(z.string().max(auditTextMaxLength));

/** An entry id: a positive whole number the database's bigserial and JavaScript both hold. */
const entryIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));

/** An action by its name, or by an older name of it that an address kept from before. */
const actionSchema = z.string().transform((name, context) => {
  const action = auditActionOf(name);
  if (action) return action;
  context.addIssue({ code: "custom", message: "Unknown action" });
  return z.NEVER;
});

const paramSchemas: ParamSchemas<AuditQuery> = {
  actor: textSchema,
  action: actionSchema,
  subject: textSchema,
  from: filterDaySchema,
  to: filterDaySchema,
  before: entryIdSchema,
  after: entryIdSchema,
};

export interface ParsedAuditQuery {
  query: AuditQuery;
  /** Parameters whose values were refused, in the order of `AuditQuery`'s fields. */
  ignored: Array<Exclude<AuditQueryParam, "from" | "to">>;
  /** The days the filters' form refused: the log answers 400 and says why at the fields. */
  dayErrors: DayErrors;
}

/**
 * Reads the audit log's query from a URL's search parameters. A page starts either before or
 * after an entry: given both, `after` is ignored. A day that cannot be used is refused
 * (`dayErrors`).
 */
export function parseAuditQuery(params: URLSearchParams): ParsedAuditQuery {
  const read = readParams(params, paramSchemas);
  const { ignored, dayErrors } = refuseDays(params, read.ignored);
  const { values } = read;
  if (values.before !== null && values.after !== null) {
    return {
      query: withDaysInOrder({ ...values, after: null }),
      ignored: [...ignored, "after"],
      dayErrors,
    };
  }
  return { query: withDaysInOrder(values), ignored, dayErrors };
}

/** The search string of the query with `overrides` applied, for the audit log's links. */
export function auditQueryToSearch(query: AuditQuery, overrides: Partial<AuditQuery> = {}): string {
  return querySearch(defaultAuditQuery, positionParams, query, overrides);
}

/** Whether any filter is set, whatever the page. */
export function isAuditFiltered(query: AuditQuery): boolean {
  return [query.actor, query.action, query.subject, query.from, query.to].some(
    (value) => value !== null,
  );
}
