/**
 * The back office's customers list query, as it lives in the URL: the search, the sort and the
 * page. Reading never fails: a value the list cannot use falls back to its default, and the name
 * of the parameter is reported so that the page can say it was ignored.
 */
import { z } from "zod";
import { listQuery, pageSchema, type SearchedQuery, searchSchema } from "./list-query";

export const customersSorts = ["newest", "oldest", "name", "spend"] as const;
export type CustomersSort = (typeof customersSorts)[number];

export const customersSortLabels: Record<CustomersSort, string> = {
  newest: "Newest customers first",
  oldest: "Oldest customers first",
  name: "Name, A to Z",
  spend: "Highest lifetime spend first",
};

/** `q`: a part of the e-mail or of the name, in any case. */
export interface CustomersQuery extends SearchedQuery {
  sort: CustomersSort;
}

export type CustomersQueryParam = keyof CustomersQuery;

export const customersQuery = listQuery<CustomersQuery>(
  { q: searchSchema, sort: z.enum(customersSorts), page: pageSchema },
  { q: null, sort: "newest", page: 1 },
);
