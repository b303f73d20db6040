import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../../server/db/client.server";
import { createScratchPostgresDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding an embedded database with every migration applied, dumped once per run. */
    migratedPgliteDump: string;
    /** The name of a PostgreSQL database with every migration applied, when TEST_DATABASE_URL is set. */
    migratedPostgresTemplate?: string;
  }
}

/** Migrates an embedded database and dumps it to a file in `folder`, whose path it returns. */
async function dumpMigratedPglite(folder: string): Promise<string> {
  const dumpFile = path.join(folder, "data.tar");
  // The extensions the shop's databases load: the migrations create the inbox's trigram indexes.
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return dumpFile;
}

/** Migrates a PostgreSQL database on the server `serverUrl` names, left for others to copy. */
async function migratedPostgresTemplate(serverUrl: string) {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  const handle = openDatabase({ kind: "postgresql", url: scratch.url, maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return scratch;
}

/**
 * Migrates one database of each engine for the whole run: each test file's database starts as
 * a copy of it (the embedded one from its dump), because creating a database cluster, or
 * running every migration, costs more than the rest of a typical file's setup.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "pglite-migrated-"));
  project.provide("migratedPgliteDump", await dumpMigratedPglite(folder));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await migratedPostgresTemplate(serverUrl) : undefined;
  project.provide("migratedPostgresTemplate", template?.name);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await template?.drop();
  };
}
