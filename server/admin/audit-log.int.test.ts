import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditQuery, auditPageSize, defaultAuditQuery } from "~core/admin/audit-query";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import {
  auditLog,
  guests,
  memberships,
  orders,
  staffInvitations,
  users,
} from "../db/schema.server";
import { findAuditEntries, recordedActions } from "./audit-log.server";

type NewEntry = typeof auditLog.$inferInsert;

const owner = { actorId: "owner", actorEmail: "Owner@Example.com" };
const clerk = { actorId: "clerk", actorEmail: "clerk_1@example.com" };
const clerk2 = { actorId: "clerk2", actorEmail: "clerk-1@example.com" };

/** A day of work: 130 shipments at one entry a minute, then a few other actions. */
function entries(): NewEntry[] {
  const shipments = Array.from({ length: 130 }, (_, index) => ({
    ...(index % 2 === 0 ? owner : clerk),
    action: "order.shipped",
    subjectType: "order",
    subjectId: `ORDER${String(index).padStart(5, "0")}`,
    before: { status: "processing" },
    after: { status: "shipped", carrier: "UPS" },
    at: new Date(Date.UTC(2026, 2, 10, 8, index)),
  }));
  return [
    ...shipments,
    {
      ...clerk2,
      action: "order.delivered",
      subjectType: "order",
      subjectId: "ORDER00003",
      at: new Date("2026-03-11T09:00:00Z"),
    },
    {
      ...owner,
      action: "orders.exported",
      subjectType: "orders",
      subjectId: "orders-2026-03-12.csv",
      after: { status: "new" },
      at: new Date("2026-03-12T00:00:00Z"),
    },
    {
      ...owner,
      action: "staff.two_factor_enrolled",
      subjectType: "staff",
      subjectId: "owner",
      at: new Date("2026-03-09T23:59:59.999Z"),
    },
  ];
}

describe.each(testEngines)("reading the audit log on %s", (engine) => {
  let database: TestDatabase;
  const find = (query: Partial<AuditQuery>, timeZone = "UTC") =>
    findAuditEntries(database.db, { ...defaultAuditQuery, ...query }, timeZone);
  const subjects = async (query: Partial<AuditQuery>, timeZone = "UTC") =>
    (await find(query, timeZone)).entries.map((entry) => entry.subject.id);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(auditLog).values(entries());
    // Written in one statement, these share their time: their ids keep them in order.
    const sameInstant = new Date("2026-03-13T12:00:00Z");
    await database.db.insert(auditLog).values(
      ["TIE0000001", "TIE0000002", "TIE0000003"].map((subjectId) => ({
        ...owner,
        action: "order.processing",
        subjectType: "order",
        subjectId,
        at: sameInstant,
      })),
    );
  });
  afterAll(() => database.dispose());

  it("lists the newest 50 entries first, with their before and after", async () => {
    const page = await find({});
    expect(page.entries).toHaveLength(auditPageSize);
    expect(page).toMatchObject({ hasNewer: false, hasOlder: true });
    expect(page.entries.slice(0, 6).map((entry) => entry.subject.id)).toEqual([
      "TIE0000003",
      "TIE0000002",
      "TIE0000001",
      "orders-2026-03-12.csv",
      "ORDER00003",
      "ORDER00129",
    ]);
    expect(page.entries[5]).toMatchObject({
      actor: { id: "clerk", email: "clerk_1@example.com" },
      action: "order.shipped",
      before: { status: "processing" },
      after: { status: "shipped", carrier: "UPS" },
      at: new Date("2026-03-10T10:09:00Z"),
    });
  });

  it("pages back to the oldest entry and forward again, every entry once", async () => {
    const seen: string[] = [];
    let page = await find({});
    seen.push(...page.entries.map((entry) => entry.subject.id));
    const firsts = [page.entries[0]?.id];
    while (page.hasOlder) {
      page = await find({ before: page.entries.at(-1)?.id ?? null });
      expect(page.hasNewer).toBe(true);
      firsts.push(page.entries[0]?.id);
      seen.push(...page.entries.map((entry) => entry.subject.id));
    }
    expect(seen).toHaveLength(136);
    expect(new Set(seen).size).toBe(135);
    expect(seen.at(-1)).toBe("owner");
    expect(page.entries).toHaveLength(136 - 2 * auditPageSize);

    const newer = await find({ after: page.entries[0]?.id ?? null });
    expect(newer.entries.map((entry) => entry.id)[0]).toBe(firsts.at(-2));
    expect(newer).toMatchObject({ hasOlder: true, hasNewer: true });
    const newest = await find({ after: newer.entries[0]?.id ?? null });
    expect(newest.entries[0]?.subject.id).toBe("TIE0000003");
    expect(newest).toMatchObject({ hasOlder: true, hasNewer: false });
  });

  it("filters by a part of the actor's e-mail, in any case, wildcards taken literally", async () => {
    const owners = await find({ actor: "OWNER@example" });
    expect(owners.entries.every((entry) => entry.actor.email === "Owner@Example.com")).toBe(true);
    expect(owners.entries).toHaveLength(auditPageSize);
    const underscore = await find({ actor: "clerk_" });
    expect(new Set(underscore.entries.map((entry) => entry.actor.email))).toEqual(
      new Set(["clerk_1@example.com"]),
    );
    expect(await subjects({ actor: "clerk-" })).toEqual(["ORDER00003"]);
  });

  it("filters by the action", async () => {
    expect(await subjects({ action: "orders.exported" })).toEqual(["orders-2026-03-12.csv"]);
    expect(await subjects({ action: "order.processing" })).toEqual([
      "TIE0000003",
      "TIE0000002",
      "TIE0000001",
    ]);
    expect(await subjects({ action: "order.refunded" })).toEqual([]);
  });

  it("filters by the subject, in any case", async () => {
    const ordered = await find({ subject: "order00003" });
    expect(ordered.entries.map((entry) => entry.action)).toEqual([
      "order.delivered",
      "order.shipped",
    ]);
    expect(ordered).toMatchObject({ hasNewer: false, hasOlder: false });
  });

  it("filters by whole UTC days", async () => {
    expect(await subjects({ from: "2026-03-11", to: "2026-03-12" })).toEqual([
      "orders-2026-03-12.csv",
      "ORDER00003",
    ]);
    expect(await subjects({ to: "2026-03-09" })).toEqual(["owner"]);
    const tenth = await find({ from: "2026-03-10", to: "2026-03-10" });
    expect(tenth.entries.every((entry) => entry.action === "order.shipped")).toBe(true);
  });

  it("filters by whole days of the shop's time zone", async () => {
    // 11:59 pm on March 9 in UTC is 4:59 pm in Los Angeles: still March 9 there.
    expect(await subjects({ from: "2026-03-09", to: "2026-03-09" }, "America/Los_Angeles")).toEqual(
      ["owner"],
    );
    // Midnight UTC on March 12 is 5 pm on March 11 in Los Angeles.
    expect(await subjects({ from: "2026-03-11", to: "2026-03-11" }, "America/Los_Angeles")).toEqual(
      ["orders-2026-03-12.csv", "ORDER00003"],
    );
    expect(await subjects({ from: "2026-03-12", to: "2026-03-12" }, "America/Los_Angeles")).toEqual(
      [],
    );
    // The day of Istanbul starts three hours before UTC's.
    const enrolledOnTenth: Partial<AuditQuery> = {
      from: "2026-03-10",
      to: "2026-03-10",
      action: "staff.two_factor_enrolled",
    };
    expect(await subjects(enrolledOnTenth, "Europe/Istanbul")).toEqual(["owner"]);
    expect(await subjects(enrolledOnTenth, "UTC")).toEqual([]);
  });

  it("combines the filters with the pages", async () => {
    const first = await find({ actor: "owner", action: "order.shipped" });
    expect(first.entries).toHaveLength(auditPageSize);
    const second = await find({
      actor: "owner",
      action: "order.shipped",
      before: first.entries.at(-1)?.id ?? null,
    });
    expect(second.entries).toHaveLength(65 - auditPageSize);
    expect(second).toMatchObject({ hasNewer: true, hasOlder: false });
  });

  it("finds no entries before an entry that does not exist", async () => {
    expect(await find({ before: 999_999 })).toEqual({
      entries: [],
      hasNewer: false,
      hasOlder: false,
    });
  });

  it("names each action the log holds, once", async () => {
    expect(await recordedActions(database.db)).toEqual([
      "order.delivered",
      "order.processing",
      "order.shipped",
      "orders.exported",
      "staff.two_factor_enrolled",
    ]);
  });
});

describe.each(testEngines)("the audit log's names on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    await db.insert(users).values([
      {
        id: "owner-1",
        name: "Grace Hopper",
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@example.com",
        role: "owner",
      },
      {
        id: "clerk-1",
        name: "Alan Turing",
        firstName: "Alan",
        lastName: "Turing",
        email: "alan@example.com",
        role: "staff",
      },
    ]);
    await db.insert(guests).values({
      id: "guest-1",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
    });
    await db.insert(orders).values({
      id: "A1B2C3D4E5",
      guestId: "guest-1",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      hasLocalPickup: false,
      subtotalCents: 4900,
      shippingCents: 0,
      taxCents: 0,
      discountCents: 0,
      totalCents: 4900,
      checkoutSessionId: "cs_membership",
    });
    await db.insert(memberships).values({
      subscriptionItemId: "si_sandbox_1",
      subscriptionId: "sub_sandbox_1",
      customerId: "cus_sandbox_1",
      itemId: "everydayLuxury",
      quantity: 1,
      unitPriceCents: 4900,
      nextInvoiceAt: new Date("2026-12-26T00:00:00Z"),
      checkoutSessionId: "cs_membership",
    });
    await db.insert(staffInvitations).values({
      id: "inv-1",
      email: "new.clerk@example.com",
      tokenHash: "hash",
      invitedBy: "owner-1",
      expiresAt: new Date("2026-12-03T00:00:00Z"),
    });
    const entry = (at: string, values: Omit<NewEntry, "at" | "actorId" | "actorEmail">) => ({
      actorId: "owner-1",
      actorEmail: "grace@example.com",
      at: new Date(at),
      ...values,
    });
    await db.insert(auditLog).values([
      entry("2026-11-26T10:00:00Z", {
        action: "order.refunded",
        subjectType: "order",
        subjectId: "A1B2C3D4E5",
        before: { status: "new", refundedCents: 0 },
        after: { status: "partially_refunded", refundedCents: 1000, amountCents: 1000 },
      }),
      entry("2026-11-26T10:01:00Z", {
        action: "staff.invited",
        subjectType: "staff_invitation",
        subjectId: "inv-1",
      }),
      entry("2026-11-26T10:02:00Z", {
        action: "staff.removed",
        subjectType: "staff",
        subjectId: "clerk-1",
      }),
      entry("2026-11-26T10:03:00Z", {
        action: "membership.cancelled",
        subjectType: "membership",
        subjectId: "si_sandbox_1",
      }),
      {
        ...entry("2026-11-26T10:04:00Z", {
          action: "orders.exported",
          subjectType: "orders",
          subjectId: "orders-2026-11-26.csv",
        }),
        actorId: "gone-1",
        actorEmail: "former@example.com",
      },
    ]);
  });
  afterAll(() => database.dispose());

  it("names actors and subjects as staff know them, keeping the recorded ids", async () => {
    const { entries } = await findAuditEntries(database.db, defaultAuditQuery, "UTC");
    expect(entries.map((entry) => [entry.actor, entry.subject])).toEqual([
      [
        { id: "gone-1", name: "former@example.com", email: "former@example.com" },
        {
          type: "orders",
          id: "orders-2026-11-26.csv",
          name: "orders-2026-11-26.csv",
          person: null,
          href: null,
        },
      ],
      [
        { id: "owner-1", name: "Grace Hopper", email: "grace@example.com" },
        {
          type: "membership",
          id: "si_sandbox_1",
          name: "Everyday Luxury membership",
          person: { name: "Ada Lovelace", email: "ada@example.com" },
          href: "/admin/customers/guest.guest-1",
        },
      ],
      [
        expect.objectContaining({ name: "Grace Hopper" }),
        {
          type: "staff",
          id: "clerk-1",
          name: "Alan Turing",
          person: { name: "Alan Turing", email: "alan@example.com" },
          href: null,
        },
      ],
      [
        expect.objectContaining({ name: "Grace Hopper" }),
        {
          type: "staff_invitation",
          id: "inv-1",
          name: "Invitation to new.clerk@example.com",
          person: null,
          href: null,
        },
      ],
      [
        expect.objectContaining({ name: "Grace Hopper" }),
        {
          type: "order",
          id: "A1B2C3D4E5",
          name: "Order A1B2C3D4E5",
          person: { name: "Ada Lovelace", email: "ada@example.com" },
          href: "/admin/orders/A1B2C3D4E5",
        },
      ],
    ]);
    expect(entries.at(-1)).toMatchObject({
      before: { status: "new", refundedCents: 0 },
      after: { status: "partially_refunded", refundedCents: 1000, amountCents: 1000 },
    });
  });
});

describe.each(testEngines)("actions recorded under their older names on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const step = (action: string, subjectId: string, minute: number) => ({
      ...owner,
      action,
      subjectType: "order",
      subjectId,
      at: new Date(Date.UTC(2026, 10, 20, 9, minute)),
    });
    // Rows written before migration 0008 named the pickup steps in camel case.
    await database.db
      .insert(auditLog)
      .values([
        step("order.readyForPickup", "PICKUP0001", 0),
        step("order.pickedUp", "PICKUP0001", 1),
        step("order.ready_for_pickup", "PICKUP0002", 2),
        step("order.shipped", "SHIPPED001", 3),
      ]);
  });
  afterAll(() => database.dispose());

  it("finds the rows of both names with the action's filter, each as recorded", async () => {
    const { entries } = await findAuditEntries(
      database.db,
      { ...defaultAuditQuery, action: "order.ready_for_pickup" },
      "UTC",
    );
    expect(entries.map((entry) => [entry.subject.id, entry.action])).toEqual([
      ["PICKUP0002", "order.ready_for_pickup"],
      ["PICKUP0001", "order.readyForPickup"],
    ]);
    const pickedUp = await findAuditEntries(
      database.db,
      { ...defaultAuditQuery, action: "order.picked_up" },
      "UTC",
    );
    expect(pickedUp.entries.map((entry) => entry.action)).toEqual(["order.pickedUp"]);
  });

  it("offers each action once in the filter, by its name now", async () => {
    expect(await recordedActions(database.db)).toEqual([
      "order.picked_up",
      "order.ready_for_pickup",
      "order.shipped",
    ]);
  });
});
