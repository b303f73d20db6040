import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditQuery, auditPageSize, defaultAuditQuery } from "~/core/admin/audit-query";
import { auditLog } from "../db/schema.server";
import { createTestDatabase, type TestDatabase, testEngines } from "../db/testing.server";
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
  const find = (query: Partial<AuditQuery>) =>
    findAuditEntries(database.db, { ...defaultAuditQuery, ...query });
  const subjects = async (query: Partial<AuditQuery>) =>
    (await find(query)).entries.map((entry) => entry.subjectId);

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
    expect(page.entries.slice(0, 6).map((entry) => entry.subjectId)).toEqual([
      "TIE0000003",
      "TIE0000002",
      "TIE0000001",
      "orders-2026-03-12.csv",
      "ORDER00003",
      "ORDER00129",
    ]);
    expect(page.entries[5]).toMatchObject({
      actorEmail: "clerk_1@example.com",
      action: "order.shipped",
      before: { status: "processing" },
      after: { status: "shipped", carrier: "UPS" },
      at: new Date("2026-03-10T10:09:00Z"),
    });
  });

  it("pages back to the oldest entry and forward again, every entry once", async () => {
    const seen: string[] = [];
    let page = await find({});
    seen.push(...page.entries.map((entry) => entry.subjectId));
    const firsts = [page.entries[0]?.id];
    while (page.hasOlder) {
      page = await find({ before: page.entries.at(-1)?.id ?? null });
      expect(page.hasNewer).toBe(true);
      firsts.push(page.entries[0]?.id);
      seen.push(...page.entries.map((entry) => entry.subjectId));
    }
    expect(seen).toHaveLength(136);
    expect(new Set(seen).size).toBe(135);
    expect(seen.at(-1)).toBe("owner");
    expect(page.entries).toHaveLength(136 - 2 * auditPageSize);

    const newer = await find({ after: page.entries[0]?.id ?? null });
    expect(newer.entries.map((entry) => entry.id)[0]).toBe(firsts.at(-2));
    expect(newer).toMatchObject({ hasOlder: true, hasNewer: true });
    const newest = await find({ after: newer.entries[0]?.id ?? null });
    expect(newest.entries[0]?.subjectId).toBe("TIE0000003");
    expect(newest).toMatchObject({ hasOlder: true, hasNewer: false });
  });

  it("filters by a part of the actor's e-mail, in any case, wildcards taken literally", async () => {
    const owners = await find({ actor: "OWNER@example" });
    expect(owners.entries.every((entry) => entry.actorEmail === "Owner@Example.com")).toBe(true);
    expect(owners.entries).toHaveLength(auditPageSize);
    const underscore = await find({ actor: "clerk_" });
    expect(new Set(underscore.entries.map((entry) => entry.actorEmail))).toEqual(
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
