import { mkdirSync } from "node:fs";
import path from "node:path";
import { setImmediate as turnOfTheEventLoop } from "node:timers/promises";
import { PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectPath } from "../paths.server";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema.server";

/** The shop's database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgresql";
  /** Where the data lives, for the start-up summary (no password). */
  location: string;
  /** Runs the shop's migrations not yet run, or those of `folder` (a test's older set). */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `work` while no other instance on the same database runs work of its own this way
   * (migrations, demo seeding, the owner account at start); PGlite has one process anyway.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: "postgresql"; url: string; maxConnections?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory; from a dumped data directory (PGlite's `dumpDataDir`) when `startingFrom` is given. */
  | { kind: "pglite-memory"; startingFrom?: Blob };

export const migrationsFolder = projectPath("server/db/migrations");

/** The advisory lock instances take in turn at start: a fixed 64-bit number the shop owns. */
const startupLockKey = "7270412017311215104";

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function openPostgres(url: string, maxConnections = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle connection the server closes (a restart, a failover, a dropped test database) leaves
  // the pool by itself and the next query opens a new one; without a listener it would crash
  // the process.
  pool.on("error", () => {});
  // A connection checked out for a transaction when the server goes away fails that
  // transaction's query, which answers the request; its own error event must not crash the
  // process on top of it.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    engine: "postgresql",
    location: redactUrl(url),
    migrate: (folder = migrationsFolder) => migrateNodePostgres(db, { migrationsFolder: folder }),
    exclusively: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [startupLockKey]);
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [startupLockKey]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite answers in the shop's own thread, and the next statement in its queue starts as soon as
 * the one before has answered, without the event loop turning in between: under a burst the
 * thread reads no new request until the queue is empty, and a visitor arriving then waits for
 * all of it. Each statement and transaction here lets the event loop turn once before it starts.
 */
class PGliteTakingTurns extends PGlite {
  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    await turnOfTheEventLoop();
    return super.query<T>(query, params, options);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await turnOfTheEventLoop();
    return super.transaction(callback);
  }
}

function openPglite(dataDir: string | undefined, startingFrom?: Blob): DatabaseHandle {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  // The orders inbox's search indexes are trigram indexes (migration order_inbox_indexes).
  const client = new PGliteTakingTurns({
    dataDir,
    loadDataDir: startingFrom,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    engine: "pglite",
    location: dataDir ?? "memory",
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    exclusively: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export function openDatabase(location: DatabaseLocation): DatabaseHandle {
  switch (location.kind) {
    case "postgresql":
      return openPostgres(location.url, location.maxConnections);
    case "pglite":
      return openPglite(path.join(location.dataDir, "db"));
    case "pglite-memory":
      return openPglite(undefined, location.startingFrom);
  }
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseHandle {
  return config.databaseUrl
    ? openDatabase({ kind: "postgresql", url: config.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: config.dataDir });
}
