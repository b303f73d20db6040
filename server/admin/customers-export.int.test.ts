import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRecords, parseCsv } from "../../test/support/csv";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { guests, orders, users } from "../db/schema.server";
import { customersCsv, customersCsvHeader } from "./customers-export.server";
import { exportBatchSize } from "./export.server";

/** Accounts opened in one statement share its time: only their ids order them. */
const sameInstantCount = exportBatchSize + 50;

function order(
  id: string,
  userId: string | null,
  totalCents: number,
  refundedCents = 0,
  guestId: string | null = null,
) {
  return {
    id,
    userId,
    guestId,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    hasLocalPickup: true,
    subtotalCents: totalCents,
    shippingCents: 0,
    taxCents: 0,
    discountCents: 0,
    totalCents,
    refundedCents,
    checkoutSessionId: `cs_${id}`,
  };
}

describe.each(testEngines)("the customers CSV export on %s", (engine) => {
  let database: TestDatabase;
  const exported = async () => new Response(customersCsv(database.db)).text();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    await db.execute(sql`
      insert into "user" (id, name, email, first_name, last_name, created_at)
      select 'bulk-' || lpad(n::text, 5, '0'), 'Bulk ' || n, 'bulk' || n || '@example.com',
        'Bulk', 'Customer ' || n, timestamptz '2026-01-01 00:00:00+00'
      from generate_series(1, ${sameInstantCount}) as n`);
    await db.insert(users).values([
      {
        id: "ada",
        name: "Ada Lovelace",
        email: "ada@example.com",
        emailVerified: true,
        firstName: "Ada",
        lastName: "Lovelace",
        createdAt: new Date("2026-05-02T08:00:00.125Z"),
      },
      {
        id: "nameless",
        name: "=cmd|' /C calc'!A0",
        email: "nameless@example.com",
        createdAt: new Date("2026-05-01T08:00:00Z"),
      },
      {
        id: "owner",
        name: "Owner",
        email: "owner@example.com",
        role: "owner",
        createdAt: new Date("2026-06-01T00:00:00Z"),
      },
      {
        id: "clerk",
        name: "Clerk",
        email: "clerk@example.com",
        role: "staff",
        createdAt: new Date("2026-06-01T00:00:00Z"),
      },
    ]);
    await db.insert(guests).values([
      {
        id: "guest-grace",
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@example.org",
        createdAt: new Date("2026-05-03T09:00:00Z"),
      },
      // Ada's guest: everything she paid joined her account, so she is listed once.
      {
        id: "guest-ada",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        userId: "ada",
        createdAt: new Date("2026-05-04T09:00:00Z"),
      },
    ]);
    await db
      .insert(orders)
      .values([
        order("ADA0000001", "ada", 5000, 0, "guest-ada"),
        order("ADA0000002", "ada", 7250, 2000),
        order("ADA0000003", "ada", 3300, 3300),
        order("GUEST00001", null, 9900),
        order("GRACE00001", null, 8100, 0, "guest-grace"),
        order("OWNER00001", "owner", 4400),
      ]);
  }, 60_000);
  afterAll(() => database.dispose());

  it("lists every customer once, guests with accounts, newest first, and no member of staff", async () => {
    const csv = await exported();
    const [header] = parseCsv(csv);
    expect(header).toEqual([...customersCsvHeader]);
    const emails = csvRecords(csv).map((record) => record["E-mail"]);
    expect(emails.slice(0, 3)).toEqual([
      "grace@example.org",
      "ada@example.com",
      "nameless@example.com",
    ]);
    expect(emails).toHaveLength(sameInstantCount + 3);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).not.toContain("owner@example.com");
    expect(emails).not.toContain("clerk@example.com");
    expect(new Set(emails.slice(3))).toEqual(
      new Set(
        Array.from({ length: sameInstantCount }, (_, index) => `bulk${index + 1}@example.com`),
      ),
    );
  });

  it("orders accounts opened at the same instant by their id, across batches", async () => {
    const numbers = csvRecords(await exported())
      .slice(3)
      .map((record) => Number(record.Name?.replace("Bulk Customer ", "")));
    expect(numbers).toEqual(
      Array.from({ length: sameInstantCount }, (_, index) => sameInstantCount - index),
    );
  });

  it("writes who each customer is and what they have spent, less refunds", async () => {
    const [grace, ada, nameless, bulk] = csvRecords(await exported());
    expect(grace).toEqual({
      Name: "Grace Hopper",
      "E-mail": "grace@example.org",
      Kind: "Guest",
      Verified: "No",
      "Joined (UTC)": "2026-05-03T09:00:00.000Z",
      Orders: "1",
      "Lifetime spend": "81.00",
    });
    expect(ada).toEqual({
      Name: "Ada Lovelace",
      "E-mail": "ada@example.com",
      Kind: "Account",
      Verified: "Yes",
      "Joined (UTC)": "2026-05-02T08:00:00.125Z",
      Orders: "3",
      "Lifetime spend": "102.50",
    });
    expect(nameless).toEqual({
      Name: "'=cmd|' /C calc'!A0",
      "E-mail": "nameless@example.com",
      Kind: "Account",
      Verified: "No",
      "Joined (UTC)": "2026-05-01T08:00:00.000Z",
      Orders: "0",
      "Lifetime spend": "0.00",
    });
    expect(bulk).toMatchObject({ Orders: "0", "Joined (UTC)": "2026-01-01T00:00:00.000Z" });
  });
});
