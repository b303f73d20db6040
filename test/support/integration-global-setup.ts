import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "../../server/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding an embedded database with every migration applied, dumped once per run. */
    migratedPgliteDump: string;
  }
}

/**
 * Migrates one embedded database for the whole run and dumps it: each test file's database
 * starts from the dump, because creating a database cluster costs more than the rest of a
 * typical file's setup.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "pglite-migrated-"));
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
  project.provide("migratedPgliteDump", dumpFile);
  return () => rmSync(folder, { recursive: true, force: true });
}
