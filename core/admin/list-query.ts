/**
 * What the back office's lists (orders, customers, memberships) share in their URL queries:
 * reading parameters that never fail, the search text, the page, and writing a query back into
 * the lists' links.
 */
import { z } from "zod";
import { type ListQuery, type ParamSchemas, querySearch, readParams } from "./url-query";

/** Rows on one page of any back-office list. */
export const listPageSize = 25;

export const searchMaxLength = 100;

/** Keeps the offset a plain integer whatever page a hand-edited URL asks for. */
const maxPage = 1_000_000;

/** Search text: spaces collapsed (the caller has trimmed it), at most `searchMaxLength` long. */
export const searchSchema = z
  .string()
  .transform((text) => text.replace(/\s+/g, " "))
  .pipe(z.string().max(searchMaxLength));

/** A 1-based page number, written in plain digits. */
export const pageSchema = z
  .string()
  .regex(/^\d+$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(maxPage));

/** Every list query has a page; its other fields are filters, a search or a sort. */
export interface PagedQuery {
  /** 1-based. */
  page: number;
}

/** Where a page of a list stands in the whole list. */
export interface PageInList {
  /** Rows matching the query, on every page. */
  total: number;
  page: number;
  pageCount: number;
}

/** A list query with a search. */
export interface SearchedQuery extends PagedQuery {
  /** The search text; `null`: no search. */
  q: string | null;
}

/** How each parameter of a query is read: one schema per field, `page` included. */
export type QuerySchemas<Query extends PagedQuery & ListQuery<Query>> = ParamSchemas<Query>;

export interface ParsedListQuery<Query extends PagedQuery> {
  query: Query;
  /** Parameters whose values were refused, in the order of the defaults' fields. */
  ignored: Array<keyof Query & string>;
}

/**
 * Reads a list query from a URL's search parameters. An absent or blank parameter takes its
 * default silently; an unusable one takes its default and is listed in `ignored`. The first of
 * repeated parameters counts.
 */
function parseListQuery<Query extends PagedQuery & ListQuery<Query>>(
  params: URLSearchParams,
  schemas: QuerySchemas<Query>,
  defaults: Readonly<Query>,
): ParsedListQuery<Query> {
  const { values, ignored } = readParams(params, schemas);
  const query: Query = { ...defaults };
  for (const name of Object.keys(defaults) as Array<keyof Query & string>) {
    const value = values[name];
    if (value !== null) query[name] = value;
  }
  return { query, ignored };
}

/**
 * The search string (`?status=new&page=2`, or `""`) of the query with `overrides` applied, for
 * a list's links, its parameters in the order of the defaults' fields. Defaults are left out.
 * Changing a filter, the search or the sort goes back to page 1 unless the overrides name a
 * page: the old page may not exist in the new list.
 */
function listQueryToSearch<Query extends PagedQuery & ListQuery<Query>>(
  query: Query,
  defaults: Readonly<Query>,
  overrides: Partial<Query> = {},
): string {
  return querySearch(defaults, ["page"], query, overrides);
}

/** A list's query: read from a URL and written back into the list's links. */
export function listQuery<Query extends PagedQuery & ListQuery<Query>>(
  schemas: QuerySchemas<Query>,
  defaults: Readonly<Query>,
) {
  return {
    defaults,
    parse: (params: URLSearchParams) => parseListQuery(params, schemas, defaults),
    toSearch: (query: Query, overrides: Partial<Query> = {}) =>
      listQueryToSearch(query, defaults, overrides),
  };
}

/** How many rows of each status `rows` count, every status present (0 when none). */
export function countsByStatus<Status extends string>(
  statuses: readonly Status[],
  rows: ReadonlyArray<{ status: Status; count: number }>,
): Record<Status, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<
    Status,
    number
  >;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** How many pages `total` rows fill; an empty list still has its one (empty) page. */
export function listPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / listPageSize));
}

/** The rows to skip before the query's page. */
export function listOffset(query: PagedQuery): number {
  return (query.page - 1) * listPageSize;
}
