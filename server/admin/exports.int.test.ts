import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../db/schema.server";
import { testEngines } from "../db/testing.server";
import { type RunningTestShop, shopClient, startBuiltShop } from "../http/testing.server";
import { csvRecords } from "./csv-testing.server";
import { insertSampleOrders } from "./sample-orders.server";

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
    await db
      .update(users)
      .set({ role: "staff", twoFactorEnabled: true })
      .where(eq(users.email, "clerk@example.com"));
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

  it("answers a signed-out visitor and a customer as at an unknown address, writing nothing", async () => {
    for (const cookie of ["", customer]) {
      for (const path of exports) {
        const answer = await get(path, cookie);
        expect(answer.status, path).toBe(302);
        expect(answer.headers.get("Location"), path).toBe("/");
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
});
