// `npm run restore -- <file>`: replaces the configured database with a backup's. Stop the shop
// first; a PGlite database being replaced is kept aside in DATA_DIR.
import { existsSync } from "node:fs";
import { backupSourceOf, restoreDatabase } from "../server/db/backup.server";
import { runDatabaseTool } from "./database-tool";

await runDatabaseTool(async (config, file) => {
  if (!file || !existsSync(file)) {
    process.stderr.write("Usage: npm run restore -- <backup file>\n");
    process.exitCode = 1;
    return;
  }
  await restoreDatabase(backupSourceOf(config), file);
  process.stdout.write(`Restored from ${file}\n`);
});
