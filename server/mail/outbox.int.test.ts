import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { mailOutbox } from "../db/schema.server";
import { enqueueMail } from "./outbox.server";

describe.each(testEngines)("mail outbox on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("keeps a queued message pending until it is delivered", async () => {
    const id = await enqueueMail(database.db, {
      template: "new-account",
      to: "ada@example.com",
      payload: { customerName: "Ada Lovelace", customerFirstName: "Ada" },
    });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({
      status: "pending",
      attempts: 0,
      to: "ada@example.com",
      template: "new-account",
    });
  });

  it("writes nothing when the transaction that caused it fails", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          template: "new-account",
          to: "rollback@example.com",
          payload: { customerName: "Roll Back", customerFirstName: "Roll" },
        });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "rollback@example.com"));
    expect(rows).toEqual([]);
  });
});
