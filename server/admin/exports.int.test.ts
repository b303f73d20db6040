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
    const answer = await get("/admin/orders.csv?status=new&sort=oldest&page=4", staff);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const records = csvRecords(await answer.text());
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((record) => record.Status))).toEqual(new Set(["New"]));
    const placed = records.map((record) => record["Placed (UTC)"] ?? "");
    expect(placed).toEqual([...placed].sort());

    const [entry] = await shop.database.db.select().from(auditLog);
    const fileName = answer.headers.get("Content-Disposition")?.match(/"(.+)"/)?.[1];
    expect(entry).toMatchObject({
      actorEmail: "clerk@example.com",
      action: "orders.exported",
      subjectType: "orders",
      subjectId: fileName,
      before: null,
      after: { status: "new", sort: "oldest" },
    });
  });

  it("sends staff the customers' accounts, and records who took them", async () => {
    const answer = await get("/admin/customers.csv", staff);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csvRecords(await answer.text())).toMatchObject([
      { "E-mail": "curious@example.com", Orders: "0" },
    ]);
    const exported = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customers.exported"));
    expect(exported).toMatchObject([
      { actorEmail: "clerk@example.com", subjectType: "customers", after: null },
    ]);
  });
});
