import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRecords } from "../../test/support/csv";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { insertSampleOrders } from "../../test/support/sample-orders";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { auditLog, orders } from "../db/schema.server";
import { csvStream, type ExportEntry, exportResponse } from "./export.server";

const exports = ["/admin/orders.csv?status=new", "/admin/customers.csv"];

describe.each(testEngines)("the CSV exports over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let customer: string;
  let staff: string;
  const get = (path: string, cookie = "") =>
    fetch(new URL(path, shop.url), { headers: { Cookie: cookie }, redirect: "manual" });

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    const { db } = shop.database;
    const client = shopClient(shop.url);
    customer = await client.register("curious@example.com");
    staff = await client.register("clerk@example.com");
    await makeVerifiedStaff(db, "clerk@example.com");
    await insertSampleOrders(db, { count: 300, seed: 3, end: new Date("2026-11-01T00:00:00Z") });
  }, 90_000);
  afterAll(() => shop.stop());

  /** Downloads `path` as staff: a CSV attachment named after `list`, never cached. */
  async function download(path: string, list: string) {
    const answer = await get(path, staff);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const disposition = answer.headers.get("Content-Disposition") ?? "";
    const named = new RegExp(`^attachment; filename="(${list}-\\d{4}-\\d{2}-\\d{2}\\.csv)"$`);
    expect(disposition).toMatch(named);
    return { records: csvRecords(await answer.text()), fileName: disposition.match(named)?.[1] };
  }

  it("sends a signed-out visitor to sign in and answers a customer as at an unknown address, writing nothing", async () => {
    for (const cookie of ["", customer]) {
      for (const path of exports) {
        const answer = await get(path, cookie);
        expect(answer.status, path).toBe(302);
        expect(answer.headers.get("Location"), path).toBe(
          cookie ? "/" : `/sign-in?redirectTo=${encodeURIComponent(path)}`,
        );
        expect(await answer.text(), path).not.toContain("E-mail");
      }
    }
    expect(await shop.database.db.select().from(auditLog)).toEqual([]);
  });

  it("sends staff the orders the filters match as a download, and records who took it", async () => {
    const { records, fileName } = await download(
      "/admin/orders.csv?fulfilment=unfulfilled&payment=paid&sort=oldest&page=4",
      "orders",
    );
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((record) => record["Fulfilment status"]))).toEqual(
      new Set(["Unfulfilled"]),
    );
    expect(new Set(records.map((record) => record["Payment status"]))).toEqual(new Set(["Paid"]));
    const placed = records.map((record) => record["Placed (UTC)"] ?? "");
    expect(placed).toEqual([...placed].sort());

    const [entry] = await shop.database.db.select().from(auditLog);
    expect(entry).toMatchObject({
      actorEmail: "clerk@example.com",
      action: "orders.exported",
      subjectType: "orders",
      subjectId: fileName,
      before: null,
      after: { fulfilment: "unfulfilled", payment: "paid", sort: "oldest" },
    });
  });

  it("sends staff the customers' accounts, and records who took them", async () => {
    const { records, fileName } = await download("/admin/customers.csv", "customers");
    expect(records).toMatchObject([{ "E-mail": "curious@example.com", Orders: "0" }]);
    const exported = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customers.exported"));
    expect(exported).toMatchObject([
      {
        actorEmail: "clerk@example.com",
        subjectType: "customers",
        subjectId: fileName,
        after: null,
      },
    ]);
  });

  it("quotes a hostile customer name so that no spreadsheet runs it, and keeps amounts bare", async () => {
    const { db } = shop.database;
    const [order] = await db.select().from(orders).limit(1);
    if (!order) throw new Error("no sample order");
    await db
      .update(orders)
      .set({ firstName: "Ann;=1+1;@SUM(2)", lastName: "Olive" })
      .where(eq(orders.id, order.id));
    const answer = await get(`/admin/orders.csv?q=${order.id}`, staff);
    const [, line] = (await answer.text()).split("\r\n");
    expect(line).toContain(`,"Ann;'=1+1;'@SUM(2) Olive",`);
    const amounts = [
      order.subtotalCents,
      order.shippingCents,
      order.taxCents,
      order.discountCents,
      order.totalCents,
      order.refundedCents,
    ].map((cents) => (cents / 100).toFixed(2));
    expect(line).toContain(`,${amounts.join(",")},`);
  });
});

describe.each(testEngines)("the audit row of an export on %s", (engine) => {
  let database: TestDatabase;
  const clerk = { id: "staff-1", email: "clerk@example.com" };
  const entry = (fileName: string): ExportEntry => ({ list: "orders", fileName, filters: {} });
  const rowsFor = (fileName: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.subjectId, fileName));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("is written once the file has been produced, and not before", async () => {
    const file = csvStream({ header: ["Order"], read: async () => [], rows: async () => [] });
    const answer = exportResponse(database.db, clerk, entry("produced.csv"), file);
    expect(await rowsFor("produced.csv")).toEqual([]);
    expect(await answer.text()).toBe('"Order"\r\n');
    expect(await rowsFor("produced.csv")).toMatchObject([
      { action: "orders.exported", actorEmail: clerk.email, subjectType: "orders" },
    ]);
  });

  it("is not written when the file fails halfway", async () => {
    const file = csvStream<{ id: string }>({
      header: ["Order"],
      read: async () => {
        throw new Error("the database went away");
      },
      rows: async (batch) => batch.map((row) => [row.id]),
    });
    const answer = exportResponse(database.db, clerk, entry("failed.csv"), file);
    await expect(answer.text()).rejects.toThrow("the database went away");
    expect(await rowsFor("failed.csv")).toEqual([]);
  });
});
