import { ConfigError, loadConfig, type ResolvedConfig } from "../server/config.server";
import { type DatabaseHandle, openConfiguredDatabase } from "../server/db/client.server";
import { DataDirInUseError } from "../server/db/data-dir-lock.server";

/**
 * Runs a command-line task on the configured, migrated database. A bad configuration or a
 * database held by a running shop ends it with one line and exit code 1.
 */
export async function withConfiguredDatabase(
  task: (database: DatabaseHandle, config: ResolvedConfig) => Promise<void>,
  /** What to do instead when a running shop holds the embedded database. */
  whenInUse?: (config: ResolvedConfig) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig();
    let database: DatabaseHandle;
    try {
      database = openConfiguredDatabase(config);
    } catch (error) {
      if (!(error instanceof DataDirInUseError && whenInUse)) throw error;
      await whenInUse(config);
      return;
    }
    try {
      await database.migrate();
      await task(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
