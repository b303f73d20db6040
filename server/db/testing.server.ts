import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "./client.server";

export type TestEngine = "pglite" | "postgresql";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as in CI). */
export const testEngines: TestEngine[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgresql"]
  : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and deletes the database. */
  dispose(): Promise<void>;
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

/** An empty PostgreSQL database of its own on the server `serverUrl` names; `drop` deletes it. */
export async function createScratchPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A fresh, migrated PostgreSQL database of its own, next to the one `serverUrl` names. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<TestDatabase & { url: string }> {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  const handle = openDatabase({ kind: "postgresql", url: scratch.url, maxConnections: 20 });
  await handle.migrate();
  return {
    ...handle,
    url: scratch.url,
    dispose: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A migrated, empty database for one test file. */
export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === "postgresql") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
    return createPostgresDatabase(serverUrl);
  }
  const handle = openDatabase({ kind: "pglite-memory" });
  await handle.migrate();
  return { ...handle, dispose: () => handle.close() };
}
