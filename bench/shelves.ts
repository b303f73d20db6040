import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stockedBottleIds } from "../core/stock";
import { serverOperator } from "../server/audit/audit.server";
import { type DatabaseHandle, openDatabase } from "../server/db/client.server";
import { seedDemoData } from "../server/db/seed/seed.server";
import { latestHarvestDate } from "../server/db/seed/stock.server";
import { receiveLot } from "../server/stock/lots.server";
import { createPostgresDatabase } from "../test/support/database";

export type Engine = "pglite" | "postgresql";

/** A database the benchmark prepared before the shop starts on it. */
export interface PreparedDatabase {
  /** What the shop is started with to open it. */
  env: Record<string, string>;
  dispose: () => Promise<void>;
}

export function postgresServerUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test"
  );
}

/** Another lot of `bottles` of every kind: enough that a load test never sells out. */
export async function receiveEveryBottle(db: DatabaseHandle["db"], bottles: number) {
  const harvestDate = latestHarvestDate(new Date().toISOString().slice(0, 10));
  for (const bottleId of stockedBottleIds) {
    await receiveLot(db, serverOperator, {
      bottleId,
      bottles,
      harvestDate,
      pressingDate: harvestDate,
      receiptKey: crypto.randomUUID(),
    });
  }
}

/**
 * A migrated database with the demo data, then `prepare`'s changes, for a shop to start on:
 * a PGlite data directory of its own, or a PostgreSQL database of its own.
 */
export async function preparedDatabase(
  engine: Engine,
  prepare: (db: DatabaseHandle["db"]) => Promise<void>,
): Promise<PreparedDatabase> {
  if (engine === "postgresql") {
    const database = await createPostgresDatabase(postgresServerUrl());
    await seedDemoData(database.db, { onlyIfEmpty: false });
    await prepare(database.db);
    return { env: { DATABASE_URL: database.url }, dispose: () => database.dispose() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pglite-"));
  const handle = openDatabase({ kind: "pglite", dataDir });
  await handle.migrate();
  await seedDemoData(handle.db, { onlyIfEmpty: false });
  await prepare(handle.db);
  await handle.close();
  return {
    env: { DATA_DIR: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
