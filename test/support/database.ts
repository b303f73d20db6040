import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "../../server/db/client.server";

export type TestEngine = "pglite" | "postgresql";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as in CI). */
export const testEngines: TestEngine[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgresql"]
  : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and deletes the database. */
  dispose(): Promise<void>;
  /** A PostgreSQL database's address; PGlite has none. */
  url?: string;
}

/**
 * The same database as another instance of the shop opens it: on PostgreSQL a connection pool
 * of its own; PGlite lives in one process, so the same handle. Disposing it closes only its own
 * pool: the database goes with `database`.
 */
export function anotherInstanceOf(database: TestDatabase): TestDatabase {
  if (!database.url) return { ...database, dispose: async () => {} };
  const handle = openDatabase({ kind: "postgresql", url: database.url, maxConnections: 5 });
  return { ...handle, dispose: () => handle.close() };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database of its own on the server `serverUrl` names, empty or a copy of the
 * database `template` names; `drop` deletes it.
 */
export async function createScratchPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The shop's connection pool on `scratch`; `dispose` closes it, then deletes the database. */
function openScratch(scratch: {
  url: string;
  drop: () => Promise<void>;
}): TestDatabase & { url: string } {
  const handle = openDatabase({ kind: "postgresql", url: scratch.url, maxConnections: 20 });
  return {
    ...handle,
    url: scratch.url,
    dispose: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A fresh PostgreSQL database of its own, next to the one `serverUrl` names, migrated by the
 * shop's migrations or those of `migrations`.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  migrations?: string,
): Promise<TestDatabase & { url: string }> {
  const database = openScratch(await createScratchPostgresDatabase(serverUrl));
  await database.migrate(migrations);
  return database;
}

/**
 * A migrated, empty database for one test file: by the shop's migrations, or by those of
 * `migrations` (`migrationsBefore`), so that a test can write rows of an older schema and run
 * the rest with `migrate()`.
 */
export async function createTestDatabase(
  engine: TestEngine,
  migrations?: string,
): Promise<TestDatabase> {
  if (engine === "postgresql") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
    if (migrations) return createPostgresDatabase(serverUrl, migrations);
    return copyOfMigratedPostgres(serverUrl);
  }
  if (migrations) {
    const handle = openDatabase({ kind: "pglite-memory" });
    await handle.migrate(migrations);
    return { ...handle, dispose: () => handle.close() };
  }
  const handle = openDatabase({ kind: "pglite-memory", startingFrom: await migratedPgliteDump() });
  return { ...handle, dispose: () => handle.close() };
}

/**
 * A copy of the run's migrated PostgreSQL database (`integration-global-setup.ts`): copying a
 * database is quicker than running every migration on an empty one.
 */
async function copyOfMigratedPostgres(serverUrl: string): Promise<TestDatabase & { url: string }> {
  const { inject } = await import("vitest");
  const template = inject("migratedPostgresTemplate");
  if (!template) throw new Error("The integration tests' global setup made no PostgreSQL template");
  return openScratch(await createScratchPostgresDatabase(serverUrl, template));
}

let migratedDump: Blob | undefined;

/**
 * The run's embedded database with every migration applied (`integration-global-setup.ts`).
 * Vitest is imported here, not above, because the journeys and benchmarks import this module too.
 */
async function migratedPgliteDump(): Promise<Blob> {
  const { inject } = await import("vitest");
  migratedDump ??= new Blob([readFileSync(inject("migratedPgliteDump"))]);
  return migratedDump;
}

interface MigrationJournal {
  entries: Array<{ tag: string }>;
}

/** A folder, in the system's temporary folder, of the shop's migrations before the one `tag` names. */
export function migrationsBefore(tag: string): string {
  const journalPath = path.join(migrationsFolder, "meta", "_journal.json");
  const journal: MigrationJournal = JSON.parse(readFileSync(journalPath, "utf8"));
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`There is no migration ${tag}`);
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, end);
  for (const entry of entries) {
    copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}
