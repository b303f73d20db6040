import { describe, expect, it } from "vitest";
import {
  defaultOrdersQuery,
  inboxCounts,
  type OrdersQuery,
  ordersPageCount,
  ordersQueryToSearch,
  parseOrdersQuery,
  searchMaxLength,
} from "./orders-query";

const parse = (search: string) => parseOrdersQuery(new URLSearchParams(search));

describe("reading the inbox query from the URL", () => {
  it("gives the defaults, and ignores nothing, for an empty URL", () => {
    expect(parse("")).toEqual({ query: defaultOrdersQuery, ignored: [], dayErrors: {} });
  });

  it("reads every parameter", () => {
    expect(
      parse(
        "fulfilment=ready_for_pickup&payment=partially_refunded&kind=renewal&from=2026-01-01&to=2026-01-31&pickup=only&q=Ada&sort=total-desc&page=3",
      ),
    ).toEqual({
      query: {
        fulfilment: "ready_for_pickup",
        payment: "partially_refunded",
        kind: "renewal",
        from: "2026-01-01",
        to: "2026-01-31",
        pickup: "only",
        q: "Ada",
        sort: "total-desc",
        page: 3,
      },
      ignored: [],
      dayErrors: {},
    });
  });

  it("takes blank parameters as absent, without reporting them", () => {
    expect(parse("fulfilment=&payment=&kind=%20&from=&to=&pickup=&q=%20%20&sort=&page=")).toEqual({
      query: defaultOrdersQuery,
      ignored: [],
      dayErrors: {},
    });
  });

  it("falls back to the default of each unusable value and names it; refuses unusable days", () => {
    const { query, ignored, dayErrors } = parse(
      "fulfilment=lost&payment=free&kind=gift&from=yesterday&to=2026-13-01&pickup=maybe&sort=cheapest&page=two",
    );
    expect(query).toEqual(defaultOrdersQuery);
    expect(ignored).toEqual(["fulfilment", "payment", "kind", "pickup", "sort", "page"]);
    expect(dayErrors).toEqual({
      from: { typed: "yesterday", message: "Please enter a date between 1/1/2000 and 12/31/2100" },
      to: { typed: "2026-13-01", message: "Please enter a date between 1/1/2000 and 12/31/2100" },
    });
  });

  it("keeps the usable parameters next to an ignored one", () => {
    expect(parse("fulfilment=shipped&page=0&sort=oldest")).toEqual({
      query: { ...defaultOrdersQuery, fulfilment: "shipped", sort: "oldest" },
      ignored: ["page"],
      dayErrors: {},
    });
  });

  it("refuses a status or sort written in another case or spelling", () => {
    expect(parse("fulfilment=Shipped&payment=PAID&sort=Newest").ignored).toEqual([
      "fulfilment",
      "payment",
      "sort",
    ]);
    expect(parse("fulfilment=readyForPickup").ignored).toEqual(["fulfilment"]);
  });

  it("keeps a status of one list out of the other", () => {
    expect(parse("fulfilment=refunded&payment=shipped").ignored).toEqual(["fulfilment", "payment"]);
  });

  it.each([
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["1e3", null],
    ["0x10", null],
    ["99999999999999999999", null],
    [" 7 ", 7],
    ["007", 7],
    ["1000000", 1_000_000],
  ])("reads page %j as %j", (page, expected) => {
    const { query, ignored } = parse(`page=${encodeURIComponent(page)}`);
    expect(query.page).toBe(expected ?? 1);
    expect(ignored).toEqual(expected === null ? ["page"] : []);
  });

  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["2000-01-01", true],
    ["2100-12-31", true],
    ["2026-02-29", false],
    ["2026-04-31", false],
    ["2026-00-10", false],
    ["2026-1-5", false],
    ["2026-01-05T00:00", false],
    ["0099-01-01", false],
    ["1999-12-31", false],
    ["2101-01-01", false],
    ["9999-12-31", false],
    ["+275760-09-13", false],
  ])("accepts the day %s: %s", (day, accepted) => {
    const { query, ignored, dayErrors } = parse(`from=${encodeURIComponent(day)}&kind=renewal`);
    expect(query.from).toBe(accepted ? day : null);
    expect(query.kind).toBe("renewal");
    expect(ignored).toEqual([]);
    expect(dayErrors.from?.typed).toBe(accepted ? undefined : day);
  });

  it("swaps a from later than to", () => {
    expect(parse("from=2026-03-10&to=2026-03-01")).toEqual({
      query: { ...defaultOrdersQuery, from: "2026-03-01", to: "2026-03-10" },
      ignored: [],
      dayErrors: {},
    });
  });

  it("keeps a single day, from and to alike", () => {
    expect(parse("from=2026-03-10&to=2026-03-10").query).toMatchObject({
      from: "2026-03-10",
      to: "2026-03-10",
    });
  });

  it("trims the search text and collapses its spaces", () => {
    expect(parse("q=%20%20Ada%20%20%09Lovelace%0A").query.q).toBe("Ada Lovelace");
  });

  it("keeps a search of exactly the longest length and ignores a longer one", () => {
    const longest = "a".repeat(searchMaxLength);
    expect(parse(`q=${longest}`)).toEqual({
      query: { ...defaultOrdersQuery, q: longest },
      ignored: [],
      dayErrors: {},
    });
    expect(parse(`q=${longest}b`)).toEqual({
      query: defaultOrdersQuery,
      ignored: ["q"],
      dayErrors: {},
    });
  });

  it("keeps the characters of a search as typed, wildcards included", () => {
    expect(parse("q=50%25_off").query.q).toBe("50%_off");
  });

  it("reads the first of repeated parameters", () => {
    expect(parse("fulfilment=unfulfilled&fulfilment=shipped").query.fulfilment).toBe("unfulfilled");
  });
});

describe("writing the inbox query back into links", () => {
  const filtered: OrdersQuery = {
    fulfilment: "unfulfilled",
    payment: "paid",
    kind: "purchase",
    from: "2026-01-01",
    to: "2026-01-31",
    pickup: "none",
    q: "ada lovelace",
    sort: "oldest",
    page: 4,
  };

  it("leaves every default out", () => {
    expect(ordersQueryToSearch(defaultOrdersQuery)).toBe("");
  });

  it("writes every parameter in a fixed order, encoded", () => {
    expect(ordersQueryToSearch(filtered)).toBe(
      "?fulfilment=unfulfilled&payment=paid&kind=purchase&from=2026-01-01&to=2026-01-31&pickup=none&q=ada+lovelace&sort=oldest&page=4",
    );
  });

  it("reads back what it wrote", () => {
    const search = ordersQueryToSearch({ ...filtered, q: "50% & co_" });
    expect(parse(search)).toEqual({
      query: { ...filtered, q: "50% & co_" },
      ignored: [],
      dayErrors: {},
    });
  });

  it("moves to another page keeping the filters", () => {
    expect(ordersQueryToSearch({ ...defaultOrdersQuery, fulfilment: "shipped" }, { page: 2 })).toBe(
      "?fulfilment=shipped&page=2",
    );
    expect(ordersQueryToSearch({ ...defaultOrdersQuery, page: 2 }, { page: 1 })).toBe("");
  });

  it("goes back to page 1 when a filter, the search or the sort changes", () => {
    expect(ordersQueryToSearch(filtered, { fulfilment: "shipped" })).toContain(
      "fulfilment=shipped",
    );
    expect(ordersQueryToSearch(filtered, { fulfilment: "shipped" })).not.toContain("page=");
    expect(ordersQueryToSearch(filtered, { fulfilment: null })).toBe(
      "?payment=paid&kind=purchase&from=2026-01-01&to=2026-01-31&pickup=none&q=ada+lovelace&sort=oldest",
    );
    expect(ordersQueryToSearch(filtered, { payment: "refunded" })).toBe(
      "?fulfilment=unfulfilled&payment=refunded&kind=purchase&from=2026-01-01&to=2026-01-31&pickup=none&q=ada+lovelace&sort=oldest",
    );
    expect(ordersQueryToSearch(filtered, { q: "grace" })).not.toContain("page=");
    expect(ordersQueryToSearch(filtered, { sort: "newest" })).not.toContain("sort=");
    expect(ordersQueryToSearch(filtered, { sort: "newest" })).not.toContain("page=");
  });

  it("keeps the page when the overrides repeat the current values", () => {
    expect(ordersQueryToSearch(filtered, { fulfilment: "unfulfilled" })).toContain("page=4");
  });

  it("takes the page the overrides give along with a new filter", () => {
    expect(ordersQueryToSearch(filtered, { fulfilment: "shipped", page: 3 })).toContain("page=3");
  });
});

describe("the number of pages", () => {
  it.each([
    [0, 1],
    [1, 1],
    [25, 1],
    [26, 2],
    [100_000, 4000],
  ])("%i orders fill %i pages", (total, pages) => {
    expect(ordersPageCount(total)).toBe(pages);
  });
});

describe("the inbox's counts", () => {
  const groups = [
    { fulfilmentStatus: "shipped", paymentStatus: "paid", count: 5 },
    { fulfilmentStatus: "shipped", paymentStatus: "partially_refunded", count: 2 },
    { fulfilmentStatus: "delivered", paymentStatus: "paid", count: 7 },
    { fulfilmentStatus: "cancelled", paymentStatus: "refunded", count: 1 },
  ] as const;

  it("counts every order under its tab and its payment status, with no status chosen", () => {
    const counts = inboxCounts(groups, { fulfilment: null, payment: null });
    expect(counts.fulfilment).toMatchObject({ shipped: 7, delivered: 7, cancelled: 1 });
    expect(counts.fulfilment.unfulfilled).toBe(0);
    expect(counts.payment).toEqual({ paid: 12, partially_refunded: 2, refunded: 1 });
    expect(counts.matching).toBe(15);
  });

  it("keeps the payment filter in the tabs' counts and the tab in the payment counts", () => {
    const counts = inboxCounts(groups, { fulfilment: "shipped", payment: "partially_refunded" });
    expect(counts.fulfilment).toMatchObject({ shipped: 2, delivered: 0, cancelled: 0 });
    expect(counts.payment).toEqual({ paid: 5, partially_refunded: 2, refunded: 0 });
    expect(counts.matching).toBe(2);
  });

  it("counts nothing when no order matches", () => {
    const counts = inboxCounts([], { fulfilment: "returned", payment: null });
    expect(Object.values(counts.fulfilment).every((count) => count === 0)).toBe(true);
    expect(counts.matching).toBe(0);
  });
});
