// `npm run backup -- [file]`: the configured database into one file (backups/ by default).
// PostgreSQL is backed up while the shop runs; a PGlite shop must be stopped first.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { backupDatabase, backupSourceOf, defaultBackupFile } from "../server/db/backup.server";
import { runDatabaseTool } from "./database-tool";

await runDatabaseTool(async (config, file) => {
  const source = backupSourceOf(config);
  const target = file ?? defaultBackupFile(source);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  await backupDatabase(source, target);
  process.stdout.write(`Backed up to ${target}\n`);
});
