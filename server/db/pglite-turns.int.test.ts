import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase({ kind: "pglite-memory" });
  await handle.ping();
});
afterAll(() => handle.close());

it("lets the event loop turn between a request's statements on PGlite, so that a request waiting to be read is not held up by all the others", async () => {
  let answered = 0;
  // Five requests at once, each sending its four statements one after the other.
  const requests = Array.from({ length: 5 }, async () => {
    for (let statement = 0; statement < 4; statement++) {
      await handle.db.execute(sql`select ${statement}::integer`);
      answered++;
    }
  });
  const answeredWhenTheLoopTurned = await new Promise<number>((resolve) =>
    setImmediate(() => resolve(answered)),
  );
  await Promise.all(requests);
  expect(answered).toBe(20);
  expect(answeredWhenTheLoopTurned).toBeLessThan(20);
});
