/**
 * The back office's customers list query, as it lives in the URL: the search, the sort and the
 * page. Reading never fails: a value the list cannot use falls back to its default, and the name
 * of the parameter is reported so that the page can say it was ignored.
 */
import { z } from "zod";
import {
  listQueryToSearch,
  type ParsedListQuery,
  pageSchema,
  parseListQuery,
  type QuerySchemas,
  searchSchema,
} from "./list-query";

export const customersSorts = ["newest", "oldest", "name", "spend"] as const;
export type CustomersSort = (typeof customersSorts)[number];

export const customersSortLabels: Record<CustomersSort, string> = {
  newest: "Newest accounts first",
  oldest: "Oldest accounts first",
  name: "Name, A to Z",
  spend: "Highest lifetime spend first",
};

export interface CustomersQuery {
  /** A part of the e-mail or of the name, in any case; `null`: no search. */
  q: string | null;
  sort: CustomersSort;
  /** 1-based. */
  page: number;
}

export type CustomersQueryParam = keyof CustomersQuery;

export const defaultCustomersQuery: Readonly<CustomersQuery> = {
  q: null,
  sort: "newest",
  page: 1,
};

const paramSchemas = {
  q: searchSchema,
  sort: z.enum(customersSorts),
  page: pageSchema,
} satisfies QuerySchemas<CustomersQuery>;

/** Reads the customers list query from a URL's search parameters. */
export function parseCustomersQuery(params: URLSearchParams): ParsedListQuery<CustomersQuery> {
  return parseListQuery(params, paramSchemas, defaultCustomersQuery);
}

/** The search string of the query with `overrides` applied, for the list's links. */
export function customersQueryToSearch(
  query: CustomersQuery,
  overrides: Partial<CustomersQuery> = {},
): string {
  return listQueryToSearch(query, defaultCustomersQuery, overrides);
}

/** Customer ids are Better Auth's: letters, digits, `-` and `_`; anything else names nobody. */
export function isCustomerId(text: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(text);
}
