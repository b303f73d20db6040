/**
 * The back office's orders inbox query, as it lives in the URL: filters, search, sort and page.
 * Reading never fails: a value the inbox cannot use falls back to its default, and the name of
 * the parameter is reported so that the page can say it was ignored; a day it cannot use is
 * reported as the form's error (./days.ts).
 */
import { z } from "zod";
import {
  type FulfilmentStatus,
  fulfilmentStatuses,
  type OrderStatuses,
  type PaymentStatus,
  paymentStatuses,
} from "../order-status";
import { type DayErrors, filterDaySchema, type IsoDay, refuseDays } from "./days";
import {
  countsByStatus,
  listPageCount,
  listPageSize,
  listQuery,
  type ParsedListQuery,
  pageSchema,
  type QuerySchemas,
  searchSchema,
} from "./list-query";
import { withDaysInOrder } from "./url-query";

export { searchMaxLength } from "./list-query";

export const ordersPageSize = listPageSize;

export const orderKinds = ["purchase", "renewal"] as const;
export type OrderKind = (typeof orderKinds)[number];

export const orderKindLabels: Record<OrderKind, string> = {
  purchase: "Purchase",
  renewal: "Membership renewal",
};

/** `only`: orders collected at the grove; `none`: orders shipped. */
export const pickupFilters = ["only", "none"] as const;
export type PickupFilter = (typeof pickupFilters)[number];

export const ordersSorts = ["newest", "oldest", "total-desc", "total-asc"] as const;
export type OrdersSort = (typeof ordersSorts)[number];

export interface OrdersQuery {
  /** The inbox's tab; `null`: every fulfilment status. */
  fulfilment: FulfilmentStatus | null;
  /** `null`: any payment status. */
  payment: PaymentStatus | null;
  kind: OrderKind | null;
  /** The first day shown, inclusive, in the shop's time zone. */
  from: IsoDay | null;
  /** The last day shown, inclusive, in the shop's time zone. */
  to: IsoDay | null;
  pickup: PickupFilter | null;
  /** Order number (or its start), e-mail or name; `null`: no search. */
  q: string | null;
  sort: OrdersSort;
  /** 1-based. */
  page: number;
}

export type OrdersQueryParam = keyof OrdersQuery;

export const defaultOrdersQuery: Readonly<OrdersQuery> = {
  fulfilment: null,
  payment: null,
  kind: null,
  from: null,
  to: null,
  pickup: null,
  q: null,
  sort: "newest",
  page: 1,
};

const paramSchemas = {
  fulfilment: z.enum(fulfilmentStatuses),
  payment: z.enum(paymentStatuses),
  kind: z.enum(orderKinds),
  from: filterDaySchema,
  to: filterDaySchema,
  pickup: z.enum(pickupFilters),
  q: searchSchema,
  sort: z.enum(ordersSorts),
  page: pageSchema,
} satisfies QuerySchemas<OrdersQuery>;

export interface ParsedOrdersQuery extends ParsedListQuery<OrdersQuery> {
  ignored: Array<Exclude<OrdersQueryParam, "from" | "to">>;
  /** The days the filters' form refused: the inbox answers 400 and says why at the fields. */
  dayErrors: DayErrors;
}

const ordersQuery = listQuery(paramSchemas, defaultOrdersQuery);

/**
 * Reads the inbox query from a URL's search parameters. An absent or blank parameter takes its
 * default silently; an unusable one takes its default and is listed in `ignored`, except a day,
 * which the form refuses (`dayErrors`). A `from` later than `to` is swapped rather than refused.
 */
export function parseOrdersQuery(params: URLSearchParams): ParsedOrdersQuery {
  const parsed = ordersQuery.parse(params);
  const { ignored, dayErrors } = refuseDays(params, parsed.ignored);
  return { query: withDaysInOrder(parsed.query), ignored, dayErrors };
}

/**
 * The search string (`?fulfilment=shipped&page=2`, or `""`) of the query with `overrides`
 * applied, for the inbox's links; see `listQueryToSearch`.
 */
export const ordersQueryToSearch = ordersQuery.toSearch;

/** How many pages `total` orders fill; an empty list still has its one (empty) page. */
export const ordersPageCount = listPageCount;

/** The inbox's counts: what each fulfilment tab and each payment choice would show. */
export interface InboxCounts {
  /** Orders of each fulfilment status matching every filter but the fulfilment status. */
  fulfilment: Record<FulfilmentStatus, number>;
  /** Orders of each payment status matching every filter but the payment status. */
  payment: Record<PaymentStatus, number>;
  /** Orders matching the whole query. */
  matching: number;
}

/**
 * The inbox's counts from the orders matching every filter but the two statuses, counted by each
 * pair of statuses: a tab's count keeps the payment filter, a payment choice's keeps the tab.
 */
export function inboxCounts(
  groups: ReadonlyArray<OrderStatuses & { count: number }>,
  query: Pick<OrdersQuery, "fulfilment" | "payment">,
): InboxCounts {
  const counts: InboxCounts = {
    fulfilment: countsByStatus(fulfilmentStatuses, []),
    payment: countsByStatus(paymentStatuses, []),
    matching: 0,
  };
  for (const group of groups) {
    const inTab = query.fulfilment === null || group.fulfilmentStatus === query.fulfilment;
    const paid = query.payment === null || group.paymentStatus === query.payment;
    if (paid) counts.fulfilment[group.fulfilmentStatus] += group.count;
    if (inTab) counts.payment[group.paymentStatus] += group.count;
    if (inTab && paid) counts.matching += group.count;
  }
  return counts;
}
