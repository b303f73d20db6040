/**
 * Backups of the shop's database into one file, and restores from it: PostgreSQL with its own
 * tools (pg_dump's custom format, pg_restore), PGlite as its data directory's tarball. A PGlite
 * database belongs to one process, so the shop must be stopped to back it up or restore it.
 */
import { execFile } from "node:child_process";
import { existsSync, openAsBlob, readdirSync, renameSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock.server";

const run = promisify(execFile);

export type BackupSource =
  | { kind: "postgresql"; url: string }
  | { kind: "pglite"; dataDir: string };

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function backupSourceOf(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): BackupSource {
  return config.databaseUrl
    ? { kind: "postgresql", url: config.databaseUrl }
    : { kind: "pglite", dataDir: config.dataDir };
}

/** The file name a backup gets when none is given. */
export function defaultBackupFile(source: BackupSource, at = new Date()): string {
  const stamp = at.toISOString().replace(/[:.]/g, "-");
  return path.join("backups", `shop-${stamp}.${source.kind === "postgresql" ? "dump" : "tar.gz"}`);
}

const pgliteDir = (dataDir: string) => path.join(dataDir, "db");

async function withLockedDataDir<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const unlock = lockDataDir(dataDir);
  try {
    return await work();
  } finally {
    unlock();
  }
}

export async function backupDatabase(source: BackupSource, file: string): Promise<void> {
  if (source.kind === "postgresql") {
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, source.url]);
    return;
  }
  const dbDir = pgliteDir(source.dataDir);
  if (!existsSync(dbDir)) throw new Error(`There is no database in ${source.dataDir}`);
  await withLockedDataDir(source.dataDir, async () => {
    const client = new PGlite(dbDir);
    try {
      // Unlike queries, the dump does not wait for the database to open.
      await client.waitReady;
      const dump = await client.dumpDataDir("gzip");
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  });
}

/**
 * Replaces the database with the backup's. PostgreSQL: the backup's objects replace the
 * shop's, in one transaction. PGlite: the current data directory is kept aside, renamed.
 */
export async function restoreDatabase(source: BackupSource, file: string): Promise<void> {
  if (source.kind === "postgresql") {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${source.url}`,
      file,
    ]);
    return;
  }
  const backup = await openAsBlob(file);
  await withLockedDataDir(source.dataDir, async () => {
    const dbDir = pgliteDir(source.dataDir);
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      renameSync(dbDir, `${dbDir}.before-restore-${Date.now()}`);
    }
    const client = new PGlite(dbDir, { loadDataDir: backup });
    await client.waitReady;
    await client.close();
  });
}
