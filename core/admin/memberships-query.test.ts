import { describe, expect, it } from "vitest";
import { countsByStatus, listPageCount, listPageSize } from "./list-query";
import {
  cancellationPath,
  cancellationReturnPath,
  isCancellable,
  isSubscriptionItemId,
  membershipStatuses,
} from "./memberships";
import { type MembershipsQuery, membershipsQuery } from "./memberships-query";

const parse = (search: string) => membershipsQuery.parse(new URLSearchParams(search));
const { defaults } = membershipsQuery;

describe("reading the memberships query from the URL", () => {
  it("gives every status, no search and page 1 for an empty URL", () => {
    expect(parse("")).toEqual({ query: { status: null, q: null, page: 1 }, ignored: [] });
  });

  it.each(membershipStatuses)("filters by the status %s", (status) => {
    expect(parse(`status=${status}`).query.status).toBe(status);
  });

  it("reads the search by e-mail and the page", () => {
    expect(parse("q=ada%40example.com&page=2")).toEqual({
      query: { status: null, q: "ada@example.com", page: 2 },
      ignored: [],
    });
  });

  it("ignores and names a status it does not know, keeping the rest", () => {
    expect(parse("status=cancelled&page=1.5&q=ada")).toEqual({
      query: { ...defaults, q: "ada" },
      ignored: ["status", "page"],
    });
  });
});

describe("writing the memberships query back into links", () => {
  const filtered: MembershipsQuery = { status: "past_due", q: "ada", page: 4 };

  it("keeps the filters on another page, and goes back to page 1 for another status", () => {
    expect(membershipsQuery.toSearch(filtered)).toBe("?status=past_due&q=ada&page=4");
    expect(membershipsQuery.toSearch(filtered, { page: 5 })).toBe("?status=past_due&q=ada&page=5");
    expect(membershipsQuery.toSearch(filtered, { status: null })).toBe("?q=ada");
    expect(membershipsQuery.toSearch(defaults)).toBe("");
  });
});

describe("memberships in the back office", () => {
  it("cancels only what is still billed", () => {
    expect(membershipStatuses.filter(isCancellable)).toEqual(["active", "paused", "past_due"]);
  });

  it.each([
    ["si_sandbox_AbC-12_x", true],
    ["si_1PqRsT", true],
    ["si_", false],
    ["sub_123", false],
    ["si_a/b", false],
    ["si_a.b", false],
  ])("takes %j as a subscription item id: %s", (id, accepted) => {
    expect(isSubscriptionItemId(id)).toBe(accepted);
  });

  it.each([
    ["/admin/customers/abc", "/admin/customers/abc"],
    ["/admin/memberships?status=active&page=2", "/admin/memberships?status=active&page=2"],
    ["https://evil.example/admin/", "/admin/memberships"],
    ["//evil.example", "/admin/memberships"],
    ["/admin//evil.example", "/admin/memberships"],
    ["/account", "/admin/memberships"],
    [null, "/admin/memberships"],
  ])("returns from the cancellation to %j as %j", (back, expected) => {
    expect(cancellationReturnPath(back)).toBe(expected);
  });

  it("links to the cancellation page with the page to come back to", () => {
    expect(cancellationPath("si_sandbox_x", "/admin/memberships?q=a&page=2")).toBe(
      "/admin/memberships/si_sandbox_x/cancel?back=%2Fadmin%2Fmemberships%3Fq%3Da%26page%3D2",
    );
  });
});

describe("the lists' pages and counts", () => {
  it("counts every status, those without rows as 0", () => {
    expect(countsByStatus(membershipStatuses, [{ status: "canceled", count: 3 }])).toEqual({
      active: 0,
      paused: 0,
      past_due: 0,
      canceled: 3,
    });
  });

  it("has one page when empty and a new page after every 25 rows", () => {
    expect([0, 1, listPageSize, listPageSize + 1].map(listPageCount)).toEqual([1, 1, 1, 2]);
  });
});
