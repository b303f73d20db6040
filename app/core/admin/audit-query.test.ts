import { describe, expect, it } from "vitest";
import { auditActionLabel, auditStatePairs, formatAuditTime } from "./audit-entry";
import {
  auditQueryToSearch,
  auditTextMaxLength,
  defaultAuditQuery,
  isAuditFiltered,
  parseAuditQuery,
} from "./audit-query";

const parse = (search: string) => parseAuditQuery(new URLSearchParams(search));

describe("reading the audit log's query from the URL", () => {
  it("gives the newest entries, unfiltered, for an empty URL", () => {
    expect(parse("")).toEqual({ query: defaultAuditQuery, ignored: [] });
  });

  it("reads every filter and the page's start", () => {
    expect(
      parse(
        "actor=owner%40example.com&action=order.readyForPickup&subject=A1B2C3D4E5&from=2026-03-01&to=2026-03-31&before=120",
      ),
    ).toEqual({
      query: {
        actor: "owner@example.com",
        action: "order.readyForPickup",
        subject: "A1B2C3D4E5",
        from: "2026-03-01",
        to: "2026-03-31",
        before: 120,
        after: null,
      },
      ignored: [],
    });
  });

  it("takes blank parameters as absent and folds white space in the texts", () => {
    expect(parse("actor=%20&action=&subject=&from=&to=&before=&after=")).toEqual({
      query: defaultAuditQuery,
      ignored: [],
    });
    expect(parse("actor=%20jo%20%20%20smith%20").query.actor).toBe("jo smith");
  });

  it.each([
    ["action", "drop table"],
    ["action", "ORDER.SHIPPED"],
    ["action", "order"],
    ["action", "order.shipped;"],
    ["from", "2026-02-30"],
    ["to", "yesterday"],
    ["before", "0"],
    ["before", "-3"],
    ["before", "1.5"],
    ["before", "1234567890123456"],
    ["after", "abc"],
    ["actor", "a".repeat(auditTextMaxLength + 1)],
    ["subject", "b".repeat(auditTextMaxLength + 1)],
  ])("ignores %s=%j and names it", (name, value) => {
    const { query, ignored } = parse(`${name}=${encodeURIComponent(value)}`);
    expect(query).toEqual(defaultAuditQuery);
    expect(ignored).toEqual([name]);
  });

  it("keeps the usable filters next to an ignored one", () => {
    expect(parse("action=order.shipped&from=never")).toEqual({
      query: { ...defaultAuditQuery, action: "order.shipped" },
      ignored: ["from"],
    });
  });

  it("swaps a from day later than the to day", () => {
    expect(parse("from=2026-04-01&to=2026-03-01").query).toMatchObject({
      from: "2026-03-01",
      to: "2026-04-01",
    });
  });

  it("starts a page before an entry when asked for both sides", () => {
    expect(parse("before=40&after=90")).toEqual({
      query: { ...defaultAuditQuery, before: 40 },
      ignored: ["after"],
    });
  });
});

describe("the audit log's links", () => {
  const query = { ...defaultAuditQuery, action: "order.shipped", before: 300 };

  it("writes the set parameters only, in the query's order", () => {
    expect(auditQueryToSearch(defaultAuditQuery)).toBe("");
    expect(auditQueryToSearch(query)).toBe("?action=order.shipped&before=300");
  });

  it("moves to another page within the filters", () => {
    expect(auditQueryToSearch(query, { before: null, after: 250 })).toBe(
      "?action=order.shipped&after=250",
    );
  });

  it("goes back to the newest entries when a filter changes", () => {
    expect(auditQueryToSearch(query, { actor: "staff@example.com" })).toBe(
      "?actor=staff%40example.com&action=order.shipped",
    );
    expect(auditQueryToSearch(query, { action: null })).toBe("");
  });

  it("tells a filtered query from a page of the whole log", () => {
    expect(isAuditFiltered(query)).toBe(true);
    expect(isAuditFiltered({ ...defaultAuditQuery, before: 3 })).toBe(false);
    expect(isAuditFiltered({ ...defaultAuditQuery, to: "2026-01-01" })).toBe(true);
  });
});

describe("an audit entry as the page writes it", () => {
  it.each([
    ["order.shipped", "Order shipped"],
    ["order.readyForPickup", "Order ready for pickup"],
    ["order.pickedUp", "Order picked up"],
    ["staff.two_factor_enrolled", "Two-factor sign-in turned on"],
    ["orders.exported", "Orders exported as CSV"],
    ["staff.invitation_sent", "Staff invitation sent"],
  ])("names %s as %j", (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it("writes its time as the shop's date with the UTC time of day", () => {
    expect(formatAuditTime(new Date("2026-03-01T14:05:09.999Z"))).toBe("3/1/2026 14:05:09 UTC");
    expect(formatAuditTime(new Date("2026-12-31T23:59:59Z"))).toBe("12/31/2026 23:59:59 UTC");
  });

  it("writes a state as key: value pairs", () => {
    expect(
      auditStatePairs({
        status: "shipped",
        carrier: "UPS",
        refundedCents: 500,
        notify: false,
        trackingUrl: null,
        lines: [{ itemId: "luxe", quantity: 2 }],
      }),
    ).toEqual([
      "status: shipped",
      "carrier: UPS",
      "refundedCents: 500",
      "notify: false",
      "trackingUrl: none",
      'lines: [{"itemId":"luxe","quantity":2}]',
    ]);
    expect(auditStatePairs(null)).toEqual([]);
    expect(auditStatePairs({})).toEqual([]);
  });
});
