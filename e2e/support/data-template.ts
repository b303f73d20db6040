import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/client.server";
import { seedDemoData } from "../../server/db/seed/seed.server";

/** Where the run's migrated and seeded data directory waits, set by the global setup. */
const templateVariable = "E2E_DATA_TEMPLATE";

/**
 * Creates, once per run, a data directory holding the embedded database as a first start leaves
 * it (migrated, demo data seeded, no accounts): creating a database cluster is most of a fresh
 * shop's start, and the journeys start dozens of shops.
 */
export async function prepareDataTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-template-"));
  const database = openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, { onlyIfEmpty: true });
  } finally {
    await database.close();
  }
  process.env[templateVariable] = dataDir;
  return dataDir;
}

/** Fills the empty `dataDir` from the run's template, when there is one; else the shop starts fresh. */
export function fillFromDataTemplate(dataDir: string): void {
  const template = process.env[templateVariable];
  if (template) cpSync(template, dataDir, { recursive: true });
}
