import { describe, expect, it } from "vitest";
import { auditActionLabel, auditFields, storedState } from "./audit-entry";
import {
  type AuditQuery,
  auditQueryToSearch,
  auditTextMaxLength,
  defaultAuditQuery,
  isAuditFiltered,
  parseAuditQuery,
} from "./audit-query";

const parse = (search: string) => parseAuditQuery(new URLSearchParams(search));

describe("reading the audit log's query from the URL", () => {
  it("gives the newest entries, unfiltered, for an empty URL", () => {
    expect(parse("")).toEqual({ query: defaultAuditQuery, ignored: [], dayErrors: {} });
  });

  it("reads every filter and the page's start", () => {
    expect(
      parse(
        "actor=owner%40example.com&action=order.ready_for_pickup&subject=A1B2C3D4E5&from=2026-03-01&to=2026-03-31&before=120",
      ),
    ).toEqual({
      query: {
        actor: "owner@example.com",
        action: "order.ready_for_pickup",
        subject: "A1B2C3D4E5",
        from: "2026-03-01",
        to: "2026-03-31",
        before: 120,
        after: null,
      },
      ignored: [],
      dayErrors: {},
    });
  });

  it("reads an action's older name, kept in an address from before, as the action it is now", () => {
    expect(parse("action=order.readyForPickup")).toEqual({
      query: { ...defaultAuditQuery, action: "order.ready_for_pickup" },
      ignored: [],
      dayErrors: {},
    });
    expect(parse("action=order.pickedUp").query.action).toBe("order.picked_up");
  });

  it("takes blank parameters as absent and folds white space in the texts", () => {
    expect(parse("actor=%20&action=&subject=&from=&to=&before=&after=")).toEqual({
      query: defaultAuditQuery,
      ignored: [],
      dayErrors: {},
    });
    expect(parse("actor=%20jo%20%20%20smith%20").query.actor).toBe("jo smith");
  });

  it.each([
    ["action", "drop table"],
    ["action", "ORDER.SHIPPED"],
    ["action", "order"],
    ["action", "order.shipped;"],
    ["action", "order.unheard_of"],
    ["action", "toString"],
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

  it.each([
    ["from", "2026-02-30"],
    ["to", "yesterday"],
    ["to", "9999-12-31"],
    ["from", "1999-12-31"],
    ["to", "2101-01-01"],
  ])("refuses the day %s=%j with the form's message, ignoring nothing", (name, value) => {
    const { query, ignored, dayErrors } = parse(`action=order.shipped&${name}=${value}`);
    expect(query).toEqual({ ...defaultAuditQuery, action: "order.shipped" });
    expect(ignored).toEqual([]);
    expect(dayErrors).toEqual({
      [name]: { typed: value, message: "Please enter a date between 1/1/2000 and 12/31/2100" },
    });
  });

  it("takes the first and the last day a filter may name", () => {
    expect(parse("from=2000-01-01&to=2100-12-31")).toMatchObject({
      query: { from: "2000-01-01", to: "2100-12-31" },
      dayErrors: {},
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
      dayErrors: {},
    });
  });
});

describe("the audit log's links", () => {
  const query: AuditQuery = { ...defaultAuditQuery, action: "order.shipped", before: 300 };

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
    ["staff.two_factor_reset", "Staff two factor reset"],
    ["customers.exported", "Customers exported as CSV"],
    ["staff.invitation_sent", "Staff invitation sent"],
  ])("names the recorded action %s as %j", (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it("writes a state in words, dollars and the shop's time, leaving ids to the details", () => {
    const context = { subjectType: "order", timeZone: "America/Los_Angeles" };
    expect(
      auditFields(
        {
          status: "shipped",
          carrier: "UPS",
          trackingNumber: "1Z999",
          refundedCents: 1000,
          amountCents: 1050,
          notify: false,
          trackingUrl: null,
          deliveredAt: "2026-11-26T17:41:00.000Z",
          invitationId: "inv_1",
          lines: [{ itemId: "luxe", quantity: 2 }],
        },
        context,
      ),
    ).toEqual([
      { label: "Status", value: "Shipped" },
      { label: "Carrier", value: "UPS" },
      { label: "Tracking number", value: "1Z999" },
      { label: "Refunded", value: "$10" },
      { label: "Amount", value: "$10.50" },
      { label: "Notify", value: "No" },
      { label: "Tracking page", value: "none" },
      { label: "Delivered", value: "Nov 26, 2026, 9:41 AM PST" },
      { label: "Lines", value: '[{"itemId":"luxe","quantity":2}]' },
    ]);
    expect(auditFields(null, context)).toEqual([]);
    expect(auditFields({}, context)).toEqual([]);
  });

  it("names statuses and roles by what they belong to", () => {
    const timeZone = "UTC";
    expect(auditFields({ status: "canceled" }, { subjectType: "membership", timeZone })).toEqual([
      { label: "Status", value: "Cancelled" },
    ]);
    expect(
      auditFields({ returnStatus: "approved", role: "staff" }, { subjectType: "order", timeZone }),
    ).toEqual([
      { label: "Return", value: "Return approved" },
      { label: "Role", value: "Staff" },
    ]);
    expect(auditFields({ status: "shipped" }, { subjectType: "orders", timeZone })).toEqual([
      { label: "Status", value: "Shipped" },
    ]);
    expect(
      auditFields(
        { paymentStatus: "partially_refunded", fulfilmentStatus: "ready_for_pickup" },
        { subjectType: "order", timeZone },
      ),
    ).toEqual([
      { label: "Payment status", value: "Partially refunded" },
      { label: "Fulfilment status", value: "Ready for pickup" },
    ]);
    expect(
      auditFields({ fulfilment: "shipped", payment: "paid" }, { subjectType: "orders", timeZone }),
    ).toEqual([
      { label: "Fulfilment", value: "Shipped" },
      { label: "Payment", value: "Paid" },
    ]);
    expect(auditFields({ status: "new" }, { subjectType: "order", timeZone })).toEqual([
      { label: "Status", value: "New" },
    ]);
    expect(auditFields({ status: "unheard-of" }, { subjectType: "order", timeZone })).toEqual([
      { label: "Status", value: "unheard-of" },
    ]);
  });

  it("keeps the stored state, ids and cents included, for the details", () => {
    expect(storedState({ refundedCents: 1000, invitationId: "inv_1" })).toBe(
      '{\n  "refundedCents": 1000,\n  "invitationId": "inv_1"\n}',
    );
    expect(storedState(null)).toBe("none");
  });
});
