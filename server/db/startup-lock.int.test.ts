import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchPostgresDatabase } from "../../test/support/database";
import { type DatabaseHandle, openDatabase } from "./client.server";
import { products, recipes } from "./schema.server";
import { seedDemoData } from "./seed/seed.server";

const serverUrl = process.env.TEST_DATABASE_URL;

/** What an instance does at start, before it serves. */
const startUp = (handle: DatabaseHandle) =>
  handle.exclusively(async () => {
    await handle.migrate();
    await seedDemoData(handle.db, { onlyIfEmpty: true });
  });

describe.runIf(serverUrl)("instances starting together on an empty PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  const instances: DatabaseHandle[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(serverUrl ?? "");
    for (let instance = 0; instance < 4; instance++) {
      instances.push(openDatabase({ kind: "postgresql", url: scratch.url, maxConnections: 3 }));
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((handle) => handle.close()));
    await scratch.drop();
  });

  it("migrate and seed it once, one after the other", async () => {
    const results = await Promise.allSettled(instances.map(startUp));
    expect(results.map((result) => result.status)).toEqual(instances.map(() => "fulfilled"));
    const [db] = instances;
    if (!db) throw new Error("no instance");
    expect(await db.db.$count(products)).toBe(11);
    expect(await db.db.$count(recipes)).toBe(14);
  });
});
