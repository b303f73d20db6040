/**
 * The back office's memberships list query, as it lives in the URL: the status, the search by
 * the customer's e-mail and the page. Reading never fails, as for the other lists.
 */
import { z } from "zod";
import { listQuery, pageSchema, type SearchedQuery, searchSchema } from "./list-query";
import { type MembershipStatus, membershipStatuses } from "./memberships";

/** `q`: a part of the holder's e-mail, in any case. */
export interface MembershipsQuery extends SearchedQuery {
  /** `null`: every status. */
  status: MembershipStatus | null;
}

export type MembershipsQueryParam = keyof MembershipsQuery;

export const membershipsQuery = listQuery<MembershipsQuery>(
  { status: z.enum(membershipStatuses), q: searchSchema, page: pageSchema },
  { status: null, q: null, page: 1 },
);
