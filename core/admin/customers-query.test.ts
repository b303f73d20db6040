import { describe, expect, it } from "vitest";
import { customerName, parseCustomerId } from "./customers";
import { type CustomersQuery, customersQuery } from "./customers-query";
import { searchMaxLength } from "./list-query";

const parse = (search: string) => customersQuery.parse(new URLSearchParams(search));
const { defaults } = customersQuery;

describe("reading the customers query from the URL", () => {
  it("gives the defaults, and ignores nothing, for an empty URL", () => {
    expect(parse("")).toEqual({ query: { q: null, sort: "newest", page: 1 }, ignored: [] });
  });

  it("reads the search, the sort and the page", () => {
    expect(parse("q=%20Ada%20%20Lovelace%20&sort=spend&page=3")).toEqual({
      query: { q: "Ada Lovelace", sort: "spend", page: 3 },
      ignored: [],
    });
  });

  it("takes blank parameters as absent, without reporting them", () => {
    expect(parse("q=%20&sort=&page=")).toEqual({ query: defaults, ignored: [] });
  });

  it("falls back to the default of each unusable value and names it, in the query's order", () => {
    expect(parse(`page=0&sort=richest&q=${"a".repeat(searchMaxLength + 1)}`)).toEqual({
      query: defaults,
      ignored: ["q", "sort", "page"],
    });
  });

  it("keeps the usable parameters next to an ignored one", () => {
    expect(parse("sort=name&page=two")).toEqual({
      query: { ...defaults, sort: "name" },
      ignored: ["page"],
    });
  });

  it("refuses a sort written in another case", () => {
    expect(parse("sort=Oldest").ignored).toEqual(["sort"]);
  });
});

describe("writing the customers query back into links", () => {
  const searched: CustomersQuery = { q: "ada & co", sort: "oldest", page: 2 };

  it("leaves every default out", () => {
    expect(customersQuery.toSearch(defaults)).toBe("");
  });

  it("writes the parameters in a fixed order, encoded, and reads them back", () => {
    const search = customersQuery.toSearch(searched);
    expect(search).toBe("?q=ada+%26+co&sort=oldest&page=2");
    expect(parse(search)).toEqual({ query: searched, ignored: [] });
  });

  it("goes to another page keeping the search, and back to page 1 when the search changes", () => {
    expect(customersQuery.toSearch(searched, { page: 3 })).toBe("?q=ada+%26+co&sort=oldest&page=3");
    expect(customersQuery.toSearch(searched, { q: "grace" })).toBe("?q=grace&sort=oldest");
    expect(customersQuery.toSearch(searched, { sort: "newest" })).toBe("?q=ada+%26+co");
  });
});

describe("naming a customer", () => {
  it.each([
    [
      "vHq3kX0aZ8yT1mN2bC4dE5fG6hJ7kL9p",
      { kind: "account", id: "vHq3kX0aZ8yT1mN2bC4dE5fG6hJ7kL9p" },
    ],
    ["pager_01-a", { kind: "account", id: "pager_01-a" }],
    ["guest.Xr2-_9aQ", { kind: "guest", id: "Xr2-_9aQ" }],
    ["guest-Xr2", { kind: "account", id: "guest-Xr2" }],
    ["guest.", null],
    ["guest.a.b", null],
    ["account.abc", null],
    ["", null],
    ["a/b", null],
    ["a b", null],
    ["%2e%2e", null],
    ["x".repeat(65), null],
  ])("reads the customer id %j as %j", (text, named) => {
    expect(parseCustomerId(text)).toEqual(named);
  });

  it("shows an account by its name, or by its e-mail when it has none", () => {
    expect(customerName({ name: "Ada Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
    expect(customerName({ name: "  ", email: "ada@example.com" })).toBe("ada@example.com");
  });
});
