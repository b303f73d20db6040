/**
 * The back office's memberships list query, as it lives in the URL: the status, the search by
 * the customer's e-mail and the page. Reading never fails, as for the other lists.
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
import { type MembershipStatus, membershipStatuses } from "./memberships";

export interface MembershipsQuery {
  /** `null`: every status. */
  status: MembershipStatus | null;
  /** A part of the customer's e-mail, in any case; `null`: no search. */
  q: string | null;
  /** 1-based. */
  page: number;
}

export type MembershipsQueryParam = keyof MembershipsQuery;

export const defaultMembershipsQuery: Readonly<MembershipsQuery> = {
  status: null,
  q: null,
  page: 1,
};

const paramSchemas = {
  status: z.enum(membershipStatuses),
  q: searchSchema,
  page: pageSchema,
} satisfies QuerySchemas<MembershipsQuery>;

/** Reads the memberships list query from a URL's search parameters. */
export function parseMembershipsQuery(params: URLSearchParams): ParsedListQuery<MembershipsQuery> {
  return parseListQuery(params, paramSchemas, defaultMembershipsQuery);
}

/** The search string of the query with `overrides` applied, for the list's links. */
export function membershipsQueryToSearch(
  query: MembershipsQuery,
  overrides: Partial<MembershipsQuery> = {},
): string {
  return listQueryToSearch(query, defaultMembershipsQuery, overrides);
}
