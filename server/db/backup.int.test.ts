import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  createScratchPostgresDatabase,
  type TestEngine,
  testEngines,
} from "../../test/support/database";
import { type BackupSource, backupDatabase, restoreDatabase } from "./backup.server";
import { type DatabaseHandle, openDatabase } from "./client.server";
import { products, promotions, recipes } from "./schema.server";
import { seedDemoData } from "./seed/seed.server";

const folder = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(folder, { recursive: true, force: true });
});

/** A database of `engine` to back up, and a second one, still empty, to restore into. */
async function sources(engine: TestEngine): Promise<[BackupSource, BackupSource]> {
  if (engine === "pglite") {
    const dataDir = (name: string) => mkdtempSync(path.join(folder, name));
    return [
      { kind: "pglite", dataDir: dataDir("original-") },
      { kind: "pglite", dataDir: dataDir("elsewhere-") },
    ];
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const [original, elsewhere] = await Promise.all([
    createScratchPostgresDatabase(serverUrl),
    createScratchPostgresDatabase(serverUrl),
  ]);
  cleanups.push(original.drop, elsewhere.drop);
  return [
    { kind: "postgresql", url: original.url },
    { kind: "postgresql", url: elsewhere.url },
  ];
}

function open(source: BackupSource): DatabaseHandle {
  return source.kind === "postgresql"
    ? openDatabase({ kind: "postgresql", url: source.url, maxConnections: 2 })
    : openDatabase({ kind: "pglite", dataDir: source.dataDir });
}

async function withDatabase<T>(source: BackupSource, work: (db: DatabaseHandle) => Promise<T>) {
  const database = open(source);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** What the shop's content amounts to: rows per table. */
async function contents(database: DatabaseHandle) {
  const rows = async (table: typeof products | typeof recipes | typeof promotions) =>
    Number((await database.db.select({ total: count() }).from(table))[0]?.total);
  return {
    products: await rows(products),
    recipes: await rows(recipes),
    promotions: await rows(promotions),
  };
}

describe.each(testEngines)("backup and restore on %s", (engine) => {
  it("restores what was backed up, over later changes and into an empty database", async () => {
    const [original, elsewhere] = await sources(engine);
    const before = await withDatabase(original, async (database) => {
      await database.migrate();
      await seedDemoData(database.db, { onlyIfEmpty: true });
      return contents(database);
    });
    expect(before.recipes).toBeGreaterThan(0);
    const file = path.join(folder, `${engine}-backup`);
    await backupDatabase(original, file);
    expect(statSync(file).size).toBeGreaterThan(0);

    await withDatabase(original, (database) => database.db.delete(recipes));
    await restoreDatabase(original, file);
    expect(await withDatabase(original, contents)).toEqual(before);

    await restoreDatabase(elsewhere, file);
    expect(await withDatabase(elsewhere, contents)).toEqual(before);
    if (original.kind === "pglite") {
      const keptAside = readdirSync(original.dataDir).filter((name) =>
        name.includes("before-restore"),
      );
      expect(keptAside).toHaveLength(1);
      expect(existsSync(path.join(original.dataDir, "db"))).toBe(true);
    }
  }, 120_000);
});
